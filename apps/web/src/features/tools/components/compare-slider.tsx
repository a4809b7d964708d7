import { useId, useState } from 'react';
import './compare-slider.css';

/**
 * Where the original sits inside the result's frame, as fractions of the result's width and height
 * (uncrop: offset by the extends; upscale: the whole frame). Without one the original is fitted to
 * the frame.
 */
export type OriginalPlacement = { left: number; top: number; width: number; height: number };

const percent = (fraction: number) => `${(fraction * 100).toFixed(4)}%`;

/**
 * Before and after as two separate layers cut at one divide, in the result's own frame: the result
 * is never drawn over the original, so a transparent cut-out shows the checkerboard beneath it and
 * not the background it removed. A range input (keyboard-operable) moves the divide.
 */
export function CompareSlider({
  before,
  after,
  alt,
  placement,
}: {
  before: string;
  after: string;
  alt: string;
  placement?: OriginalPlacement;
}) {
  const [position, setPosition] = useState(50);
  // The result's width ÷ height, once it has loaded: the frame takes its shape.
  const [ratio, setRatio] = useState<number>();
  const id = useId();
  const originalBox = placement
    ? {
        left: percent(placement.left),
        top: percent(placement.top),
        width: percent(placement.width),
        height: percent(placement.height),
      }
    : undefined;
  return (
    <div className="before-after">
      <div
        className="before-after__frame"
        style={ratio ? { aspectRatio: String(ratio), ['--ratio' as string]: String(ratio) } : undefined}
      >
        <div
          className="before-after__layer before-after__layer--before"
          style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }}
        >
          <img
            className={originalBox ? 'before-after__original before-after__original--placed' : 'before-after__original'}
            style={originalBox}
            src={before}
            alt={`Before: ${alt}`}
          />
        </div>
        <div
          className="before-after__layer before-after__layer--after checkerboard"
          style={{ clipPath: `inset(0 0 0 ${position}%)` }}
        >
          <img
            className="before-after__result"
            src={after}
            alt={`After: ${alt}`}
            onLoad={(event) => {
              const { naturalWidth, naturalHeight } = event.currentTarget;
              if (naturalWidth > 0 && naturalHeight > 0) setRatio(naturalWidth / naturalHeight);
            }}
          />
        </div>
        {originalBox && <span className="before-after__outline" style={originalBox} aria-hidden="true" />}
        <span className="before-after__divider" style={{ left: `${position}%` }} aria-hidden="true" />
        <span className="before-after__tag before-after__tag--before" aria-hidden="true">
          Before
        </span>
        <span className="before-after__tag before-after__tag--after" aria-hidden="true">
          After
        </span>
      </div>
      {placement && <p className="before-after__note">The dashed line marks where your original sits in the result.</p>}
      <label htmlFor={id} className="visually-hidden">
        Compare before and after
      </label>
      <input
        id={id}
        className="before-after__range"
        type="range"
        min={0}
        max={100}
        value={position}
        onChange={(event) => setPosition(Number(event.target.value))}
      />
    </div>
  );
}
