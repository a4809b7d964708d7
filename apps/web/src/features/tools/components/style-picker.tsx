import { imageStyleIds, imageStyles } from '@lumigen/contract/generation';
import { type ComponentPropsWithRef, useId } from 'react';

/**
 * The style a picture is drawn in, as a select any form registers (`{...form.register('style')}`):
 * the generator's and any page that paints from words.
 */
export function StylePicker(props: Omit<ComponentPropsWithRef<'select'>, 'children'>) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        Style
      </label>
      <select id={id} className="field__input" {...props}>
        {imageStyleIds.map((style) => (
          <option key={style} value={style}>
            {imageStyles[style].label}
          </option>
        ))}
      </select>
    </div>
  );
}
