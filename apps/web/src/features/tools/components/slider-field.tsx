import type { SliderSpec } from '@lumigen/contract/tools';
import { useId } from 'react';

/** A labelled range input that shows its value; keyboard arrows move it by one step. */
export function SliderField({ spec, value, onChange }: { spec: SliderSpec; value: number; onChange(value: number): void }) {
  const id = useId();
  const shown = spec.step < 1 ? value.toFixed(1) : String(value);
  return (
    <div className="slider">
      <div className="slider__top">
        <label htmlFor={id} className="field__label">
          {spec.label}
        </label>
        <output htmlFor={id} className="slider__value">
          {shown}
          {spec.unit ?? ''}
        </output>
      </div>
      <input id={id} type="range" min={spec.min} max={spec.max} step={spec.step} value={value} onChange={(event) => onChange(Number(event.target.value))} />
    </div>
  );
}
