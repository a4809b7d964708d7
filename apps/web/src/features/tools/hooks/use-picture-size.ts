import type { SliderSpec } from '@lumigen/contract/tools';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { ToolFieldsSpec } from '../tool-fields.ts';
import { sizeMax, type ToolSettings } from '../tool-settings.ts';
import { imageSize } from '../utils/mask.ts';
import { keepProportions, upscaleStart, type Size } from '../utils/proportions.ts';

/**
 * The picture the sliders start from: its object URL (`before`), its measured size, and the
 * result-size sliders kept to its proportions. `carriedSize` is set when "Use again" carried sizes
 * that the first picture chosen must not replace.
 */
export function usePictureSize(lead: File | undefined, config: ToolFieldsSpec, form: UseFormReturn<ToolSettings>) {
  const before = useMemo(() => (lead ? URL.createObjectURL(lead) : undefined), [lead]);
  useEffect(() => () => (before ? URL.revokeObjectURL(before) : undefined), [before]);
  const carriedSize = useRef(false);
  // The picked picture's size: upscale's proportions, uncrop's preview.
  const [picture, setPicture] = useState<Size>();
  const ratio = picture ? picture.width / picture.height : undefined;
  const sizeFields = config.size;
  useEffect(() => {
    setPicture(undefined);
    if (!before) return;
    let current = true;
    // A picture the browser cannot measure still runs; only the size sliders and the preview wait for one.
    imageSize(before).then(
      (picture) => {
        if (!current) return;
        setPicture(picture);
        if (!sizeFields) return;
        // Sizes carried by "Use again" are kept for the first picture chosen.
        if (carriedSize.current) {
          carriedSize.current = false;
          return;
        }
        const start = upscaleStart(picture, sizeMax(config));
        form.setValue('sliders', {
          ...form.getValues('sliders'),
          [sizeFields.width]: start.width,
          [sizeFields.height]: start.height,
        });
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [before, sizeFields, config, form]);

  const setValues = (next: (current: Record<string, number>) => Record<string, number>) =>
    form.setValue('sliders', next(form.getValues('sliders')));

  /** Sets one slider; a size slider moves the other side too while the proportions are kept. */
  const setSlider = (spec: SliderSpec, value: number) => {
    const side: keyof Size | undefined =
      spec.name === sizeFields?.width ? 'width' : spec.name === sizeFields?.height ? 'height' : undefined;
    if (!sizeFields || !side || !form.getValues('keepRatio') || !ratio)
      return setValues((v) => ({ ...v, [spec.name]: value }));
    const size = keepProportions(side, value, ratio, sizeMax(config));
    setValues((v) => ({ ...v, [sizeFields.width]: size.width, [sizeFields.height]: size.height }));
  };

  return { before, picture, ratio, carriedSize, setValues, setSlider };
}
