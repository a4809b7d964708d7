import type { UseFormRegister } from 'react-hook-form';
import type { MaskSource, ToolSettings } from '../tool-settings.ts';
import { ImagePicker } from './image-picker.tsx';

/** Cleanup's mask: painted on the picture, or a file chosen here. */
export function MaskChoice({
  register,
  source,
  hasPicture,
  mask,
  onMask,
}: {
  register: UseFormRegister<ToolSettings>;
  source: MaskSource;
  hasPicture: boolean;
  mask: File | undefined;
  onMask: (mask: File | undefined) => void;
}) {
  return (
    <>
      <fieldset className="choice-group">
        <legend>Mask</legend>
        <div className="choice-group__options">
          {(
            [
              ['paint', 'Paint on the picture'],
              ['file', 'Upload a mask file'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="choice">
              <input type="radio" value={value} {...register('maskSource')} />
              <span>{label}</span>
            </label>
          ))}
        </div>
        {source === 'paint' && !hasPicture && (
          <p className="field__hint">Choose an image, then paint over what should disappear.</p>
        )}
      </fieldset>
      {source === 'file' && (
        <ImagePicker
          label="Mask file (white where the image should be cleaned)"
          file={mask}
          onChange={onMask}
          accept="*"
        />
      )}
    </>
  );
}
