import { useId, useState } from 'react';
import './compare-slider.css';

/** Before and after on top of each other; a range input (keyboard-operable) moves the divide. */
export function CompareSlider({ before, after, alt }: { before: string; after: string; alt: string }) {
  const [position, setPosition] = useState(50);
  const id = useId();
  return (
    <div className="before-after">
      <div className="before-after__frame">
        <img className="before-after__image" src={before} alt={`Before: ${alt}`} />
        <img className="before-after__image before-after__image--after" src={after} alt={`After: ${alt}`} style={{ clipPath: `inset(0 0 0 ${position}%)` }} />
        <span className="before-after__divider" style={{ left: `${position}%` }} aria-hidden="true" />
      </div>
      <label htmlFor={id} className="visually-hidden">
        Compare before and after
      </label>
      <input id={id} className="before-after__range" type="range" min={0} max={100} value={position} onChange={(event) => setPosition(Number(event.target.value))} />
    </div>
  );
}
