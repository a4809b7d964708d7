import type { SliderSpec } from '@lumigen/contract/tools';
import { useEffect, useRef, useState, type CSSProperties, type PointerEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { toNatural, type Stroke } from '../utils/mask.ts';
import { SliderField } from './slider-field.tsx';
import './mask-painter.css';

/** In screen pixels: a brush keeps its size on the screen whatever the picture's resolution. */
const brushSpec: SliderSpec = {
  name: 'brush',
  label: 'Brush size',
  min: 4,
  max: 120,
  step: 1,
  default: 32,
  unit: 'px',
};
/** Painted strokes, drawn opaque on a canvas shown half transparent so overlaps don't darken. */
const paint = '#6d4dff';

function draw(context: CanvasRenderingContext2D, stroke: Stroke, from = 0) {
  const { size, points } = stroke;
  context.fillStyle = paint;
  context.strokeStyle = paint;
  context.lineWidth = size;
  context.lineCap = 'round';
  context.lineJoin = 'round';
  if (points.length === 1) {
    const [x, y] = points[0]!;
    context.beginPath();
    context.arc(x, y, size / 2, 0, Math.PI * 2);
    context.fill();
    return;
  }
  context.beginPath();
  context.moveTo(...points[Math.max(from - 1, 0)]!);
  for (const point of points.slice(Math.max(from, 1))) context.lineTo(...point);
  context.stroke();
}

/** Text inputs keep their own Ctrl+Z. */
function isTextEntry(target: EventTarget | null) {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  return (
    target instanceof HTMLInputElement &&
    !['range', 'file', 'checkbox', 'radio', 'button', 'submit'].includes(target.type)
  );
}

/**
 * Paint the cleanup mask on the picture: mouse, touch and pen through pointer events, a brush
 * size, undo (button, Ctrl/Cmd+Z) and clear. Strokes are kept in the picture's own pixels, so the
 * mask built from them matches the upload exactly, whatever size the picture is shown at.
 */
export function MaskPainter({
  src,
  alt,
  strokes,
  onChange,
  action,
}: {
  src: string;
  alt: string;
  strokes: readonly Stroke[];
  onChange(strokes: Stroke[]): void;
  /** Shown under the picture on narrow screens, where the settings' own button sits above it. */
  action?: ReactNode;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const cursor = useRef<HTMLSpanElement>(null);
  const active = useRef<{ pointerId: number; stroke: { size: number; points: Array<[number, number]> } }>(null);
  const [natural, setNatural] = useState<{ width: number; height: number }>();
  const [brush, setBrush] = useState(brushSpec.default);
  const latest = useRef(strokes);
  latest.current = strokes;

  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context || !natural) return;
    context.clearRect(0, 0, natural.width, natural.height);
    for (const stroke of strokes) draw(context, stroke);
  }, [strokes, natural]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (
        event.key.toLowerCase() !== 'z' ||
        !(event.ctrlKey || event.metaKey) ||
        event.shiftKey ||
        event.altKey ||
        isTextEntry(event.target)
      )
        return;
      if (latest.current.length === 0) return;
      event.preventDefault();
      onChange(latest.current.slice(0, -1));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onChange]);

  const position = (event: PointerEvent<HTMLCanvasElement>) =>
    toNatural(event.clientX, event.clientY, event.currentTarget.getBoundingClientRect(), natural!);

  const moveCursor = (event: PointerEvent<HTMLCanvasElement>) => {
    const ring = cursor.current;
    if (!ring) return;
    const box = event.currentTarget.getBoundingClientRect();
    ring.hidden = event.pointerType === 'touch';
    ring.style.transform = `translate(${event.clientX - box.left}px, ${event.clientY - box.top}px)`;
  };

  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!natural || active.current || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const scale = natural.width / event.currentTarget.getBoundingClientRect().width;
    const stroke = { size: brush * scale, points: [position(event)] };
    active.current = { pointerId: event.pointerId, stroke };
    const context = event.currentTarget.getContext('2d');
    if (context) draw(context, stroke);
  };

  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    moveCursor(event);
    const current = active.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const from = current.stroke.points.length;
    // A fast hand gives several positions per frame; all of them keep the line smooth.
    const events = event.nativeEvent.getCoalescedEvents?.() ?? [];
    const samples =
      events.length > 0
        ? events.map((e) => toNatural(e.clientX, e.clientY, event.currentTarget.getBoundingClientRect(), natural!))
        : [position(event)];
    current.stroke.points.push(...samples);
    const context = event.currentTarget.getContext('2d');
    if (context) draw(context, current.stroke, from);
  };

  const end = (event: PointerEvent<HTMLCanvasElement>) => {
    const current = active.current;
    if (!current || current.pointerId !== event.pointerId) return;
    active.current = null;
    onChange([...latest.current, current.stroke]);
  };

  const count = strokes.length;
  return (
    <div className="mask-painter">
      <div className="mask-painter__tools">
        <p className="mask-painter__hint">
          Paint over what should disappear.<span className="mask-painter__keys"> Undo with Ctrl+Z (⌘Z on a Mac).</span>
        </p>
        <SliderField spec={brushSpec} value={brush} onChange={setBrush} />
        <div className="mask-painter__buttons">
          <Button
            variant="secondary"
            onClick={() => onChange(strokes.slice(0, -1))}
            disabled={count === 0}
            aria-keyshortcuts="Control+Z Meta+Z"
          >
            Undo
          </Button>
          <Button variant="secondary" onClick={() => onChange([])} disabled={count === 0}>
            Clear
          </Button>
        </div>
      </div>
      <div className="mask-painter__frame" style={{ '--brush': `${brush}px` } as CSSProperties}>
        <img
          className="mask-painter__image"
          src={src}
          alt={alt}
          draggable={false}
          onLoad={(event) =>
            setNatural({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })
          }
        />
        {natural && (
          <canvas
            ref={canvas}
            className="mask-painter__canvas"
            width={natural.width}
            height={natural.height}
            role="img"
            aria-label={
              count === 0 ? 'Mask: nothing painted yet' : `Mask: ${count} ${count === 1 ? 'stroke' : 'strokes'} painted`
            }
            onPointerDown={start}
            onPointerMove={move}
            onPointerUp={end}
            onPointerCancel={end}
            onPointerEnter={moveCursor}
            onPointerLeave={() => cursor.current && (cursor.current.hidden = true)}
          />
        )}
        <span ref={cursor} className="mask-painter__cursor" aria-hidden="true" hidden />
      </div>
      {action && <div className="mask-painter__action">{action}</div>}
    </div>
  );
}
