import { imageSizes } from './generation.ts';

// The schema of the edit's fields is in edit-schemas.ts: zod stays out of the pages that need only
// these names and limits (decision 032).

/**
 * Edit with words (docs/decisions/057): a picture changed as a prompt says, with up to three more
 * pictures as references and an optional mask of what may change. A multipart body:
 * `image_file` one to four times (the first is edited), `mask_file` at most once, and the text
 * fields `prompt`, `size`, `quality`, `style`.
 */
export const editImageField = 'image_file';
export const editMaskField = 'mask_file';
/** The picture to change and up to three references. */
export const maxEditImages = 4;
/** `auto`: the picture's own size; else one of generation's sizes. */
export const editSizes = ['auto', ...imageSizes] as const;
export type EditSize = (typeof editSizes)[number];

/**
 * `edit`: the first picture is changed, the others are references; `generate`: a new picture at a
 * generation size from the prompt, every picture a reference (the generator's reference pictures),
 * kept as a generation.
 */
export const editModes = ['edit', 'generate'] as const;
export type EditMode = (typeof editModes)[number];

/** The outside services that can edit a picture as words say (an OpenAI-compatible server included). */
export const editProviders = ['openai', 'stability'] as const;
export type EditProviderName = (typeof editProviders)[number];

/** The error code of the 503 answered when no configured provider can edit: nothing is charged. */
export const editUnavailableCode = 'edit_unavailable';

export const editMessages = {
  unavailable:
    'Editing with words is not available on this server: no image service that can edit pictures is configured. Nothing was charged.',
  imageMissing: `Add the picture to change (${editImageField})`,
  tooManyImages: (sent: number) =>
    `Send at most ${maxEditImages} pictures (${editImageField}): the one to change and up to ${maxEditImages - 1} references; this request had ${sent}`,
  maskTwice: `Send one mask (${editMaskField})`,
  maskWhenGenerating: 'A mask applies to a picture being changed, not to reference pictures',
  maskSize: (width: number, height: number, maskWidth: number, maskHeight: number) =>
    `The mask must be the size of the picture to change (${width}×${height}); it is ${maskWidth}×${maskHeight}`,
  maskWithoutAlpha:
    'Invalid mask: it must be a PNG with an alpha channel, fully transparent where the image may change.',
  /** Stability's inpaint is the only other editor, and it needs a mask. */
  maskNeeded: 'This server can edit only a painted area: paint a mask over what should change',
};
