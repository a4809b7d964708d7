/**
 * The pictures the segmentation quality test judges a changed pipeline on: the committed
 * photo-like fixtures with a subject, and three real photographs (fixtures/photos/LICENSE.md).
 * Each has a reference mask in fixtures/segmentation/, named after the picture.
 */
export const segmentationPictures = [
  'mug.jpg',
  'ball-on-paving-512x384.jpg',
  'landscape-1024x768.jpg',
  'text-on-linen-1024x768.jpg',
  'photos/astronaut.jpg',
  'photos/chelsea.jpg',
  'photos/coffee.jpg',
] as const;
