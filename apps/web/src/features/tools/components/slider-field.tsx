import type { SliderSpec } from '@lumigen/contract/tools';
import { useId, useState } from 'react';

/**
 * A labelled range input with a number field beside it, same bounds, kept in step: the slider for
 * a rough value, the field for an exact one (a 4096-pixel slider moves about 13 pixels a screen
 * pixel). Arrow keys move either by one step.
 */
export function SliderField({
  spec,
  value,
  onChange,
}: {
  spec: SliderSpec;
  value: number;
  onChange(value: number): void;
}) {
  const id = useId();
  const shown = spec.step < 1 ? value.toFixed(1) : String(value);
  // What is typed, while it is typed: "-" or an empty field is on the way to a number, not one.
  const [draft, setDraft] = useState<string>();
  return (
    <div className="slider">
      <div className="slider__top">
        <label htmlFor={id} className="field__label">
          {spec.label}
        </label>
        <span className="slider__exact">
          <input
            className="slider__number"
            type="number"
            inputMode={spec.min < 0 ? 'text' : 'decimal'}
            aria-label={`${spec.label}, exact value${spec.unit ? ` in ${spec.unit === '°' ? 'degrees' : spec.unit}` : ''}`}
            min={spec.min}
            max={spec.max}
            step={spec.step}
            value={draft ?? shown}
            onChange={(event) => {
              const text = event.target.value;
              setDraft(text);
              const number = Number(text);
              if (text.trim() !== '' && Number.isFinite(number) && number >= spec.min && number <= spec.max)
                onChange(number);
            }}
            onBlur={() => setDraft(undefined)}
          />
          {spec.unit && <span className="slider__unit">{spec.unit}</span>}
        </span>
      </div>
      <input
        id={id}
        type="range"
        min={spec.min}
        max={spec.max}
        step={spec.step}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      />
    </div>
  );
}
