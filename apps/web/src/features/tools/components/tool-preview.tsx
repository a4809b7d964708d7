import type { Placement } from '../utils/placement.ts';
import type { Size } from '../utils/proportions.ts';
import './tool-preview.css';

/**
 * The canvas once a picture is chosen and before it runs: the picture itself, and for uncrop the
 * new canvas as an outline around (or, cropping, inside) it, following the sliders.
 */
export function ToolPreview({
  src,
  alt,
  action,
  picture,
  placement,
}: {
  src: string;
  alt: string;
  action: string;
  picture?: Size;
  placement?: Placement;
}) {
  if (!placement || !picture) {
    return (
      <div className="tool-preview">
        <img className="tool-preview__image" src={src} alt={alt} />
        <p className="tool-preview__text">
          Ready: press {action} to run it on this picture. The result appears here, next to your original.
        </p>
      </div>
    );
  }
  const frame = {
    width: Math.round(picture.width / placement.width),
    height: Math.round(picture.height / placement.height),
  };
  const pct = (fraction: number) => `${(fraction * 100).toFixed(4)}%`;
  return (
    <div className="tool-preview">
      <div
        className="tool-preview__frame"
        role="img"
        aria-label={`New canvas ${frame.width} × ${frame.height} pixels around your picture`}
        style={{
          aspectRatio: `${frame.width} / ${frame.height}`,
          ['--ratio' as string]: String(frame.width / frame.height),
        }}
      >
        <img
          className="tool-preview__placed"
          src={src}
          alt={alt}
          style={{
            left: pct(placement.left),
            top: pct(placement.top),
            width: pct(placement.width),
            height: pct(placement.height),
          }}
        />
      </div>
      <p className="tool-preview__text">
        New canvas: {frame.width} × {frame.height} px. The dashed outline is the result&apos;s frame; Lumigen fills what
        lies outside your picture and crops what lies outside the frame. Press {action} when it looks right.
      </p>
    </div>
  );
}
