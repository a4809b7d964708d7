import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Stroke } from '../utils/mask.ts';
import { MaskPainter } from './mask-painter.tsx';

// jsdom has no PointerEvent; a MouseEvent with the pointer's id and type stands in for it.
class TestPointerEvent extends MouseEvent {
  readonly pointerId: number;
  readonly pointerType: string;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 0;
    this.pointerType = init.pointerType ?? 'mouse';
  }
}
if (!('PointerEvent' in window)) Object.assign(window, { PointerEvent: TestPointerEvent });

let latest: Stroke[] = [];

function Harness() {
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  latest = strokes;
  return (
    <>
      <MaskPainter src="picture.jpg" alt="Your image" strokes={strokes} onChange={setStrokes} />
      <label>
        Note <input type="text" />
      </label>
    </>
  );
}

/** jsdom lays nothing out and loads no images: the picture is 1024×768, shown at 256×192. */
function showPicture() {
  const image = screen.getByAltText('Your image');
  Object.defineProperty(image, 'naturalWidth', { value: 1024 });
  Object.defineProperty(image, 'naturalHeight', { value: 768 });
  fireEvent.load(image);
  const canvas = screen.getByRole('img', { name: /^Mask/ }) as HTMLCanvasElement;
  canvas.getBoundingClientRect = () => ({
    left: 100,
    top: 50,
    width: 256,
    height: 192,
    right: 356,
    bottom: 242,
    x: 100,
    y: 50,
    toJSON: () => ({}),
  });
  return canvas;
}

function paint(canvas: HTMLElement, from: [number, number], to: [number, number], pointerType = 'mouse') {
  fireEvent.pointerDown(canvas, { pointerId: 1, pointerType, button: 0, clientX: from[0], clientY: from[1] });
  fireEvent.pointerMove(canvas, { pointerId: 1, pointerType, clientX: to[0], clientY: to[1] });
  fireEvent.pointerUp(canvas, { pointerId: 1, pointerType, clientX: to[0], clientY: to[1] });
}

describe('MaskPainter', () => {
  beforeEach(() => {
    // jsdom has no 2D canvas; the strokes, not their drawing, are under test here.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('keeps a stroke in the picture’s own pixels, the brush scaled with it', () => {
    render(<Harness />);
    const canvas = showPicture();
    expect(canvas.width).toBe(1024);
    expect(canvas.height).toBe(768);
    paint(canvas, [110, 60], [150, 60]);
    expect(latest).toEqual([
      {
        size: 32 * 4,
        points: [
          [40, 40],
          [200, 40],
        ],
      },
    ]);
    expect(screen.getByRole('img', { name: 'Mask: 1 stroke painted' })).toBeTruthy();
  });

  it('paints with touch and pen too, with the brush size chosen on its labelled slider', () => {
    render(<Harness />);
    const canvas = showPicture();
    const brush = screen.getByLabelText('Brush size');
    fireEvent.change(brush, { target: { value: '10' } });
    // The exact-value field beside the slider follows it.
    expect((screen.getByLabelText('Brush size, exact value in px') as HTMLInputElement).value).toBe('10');
    paint(canvas, [100, 50], [120, 70], 'touch');
    paint(canvas, [300, 200], [300, 210], 'pen');
    expect(latest.map((stroke) => stroke.size)).toEqual([40, 40]);
    expect(latest[1]!.points).toEqual([
      [800, 600],
      [800, 640],
    ]);
  });

  it('ignores a second finger while one paints, and the right mouse button', () => {
    render(<Harness />);
    const canvas = showPicture();
    fireEvent.pointerDown(canvas, { pointerId: 1, pointerType: 'touch', clientX: 110, clientY: 60 });
    fireEvent.pointerDown(canvas, { pointerId: 2, pointerType: 'touch', clientX: 200, clientY: 100 });
    fireEvent.pointerMove(canvas, { pointerId: 2, pointerType: 'touch', clientX: 210, clientY: 100 });
    fireEvent.pointerUp(canvas, { pointerId: 2, pointerType: 'touch', clientX: 210, clientY: 100 });
    fireEvent.pointerUp(canvas, { pointerId: 1, pointerType: 'touch', clientX: 110, clientY: 60 });
    expect(latest).toHaveLength(1);
    expect(latest[0]!.points).toEqual([[40, 40]]);
    fireEvent.pointerDown(canvas, { pointerId: 3, pointerType: 'mouse', button: 2, clientX: 110, clientY: 60 });
    fireEvent.pointerUp(canvas, { pointerId: 3, pointerType: 'mouse', button: 2, clientX: 110, clientY: 60 });
    expect(latest).toHaveLength(1);
  });

  it('undoes the last stroke with the button and with Ctrl/Cmd+Z, and clears them all', () => {
    render(<Harness />);
    const canvas = showPicture();
    const undo = screen.getByRole('button', { name: 'Undo' }) as HTMLButtonElement;
    expect(undo.disabled).toBe(true);
    paint(canvas, [110, 60], [120, 60]);
    paint(canvas, [110, 80], [120, 80]);
    paint(canvas, [110, 100], [120, 100]);
    expect(latest).toHaveLength(3);
    fireEvent.click(undo);
    expect(latest.map((stroke) => stroke.points[0]![1])).toEqual([40, 120]);
    act(() => void fireEvent.keyDown(window, { key: 'z', ctrlKey: true }));
    expect(latest.map((stroke) => stroke.points[0]![1])).toEqual([40]);
    paint(canvas, [110, 100], [120, 100]);
    act(() => void fireEvent.keyDown(window, { key: 'Z', metaKey: true }));
    expect(latest).toHaveLength(1);
    // Redo's shortcut and a text field's own undo leave the strokes alone.
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true, shiftKey: true });
    fireEvent.keyDown(screen.getByLabelText('Note'), { key: 'z', ctrlKey: true });
    expect(latest).toHaveLength(1);
    paint(canvas, [110, 100], [120, 100]);
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(latest).toEqual([]);
    expect(undo.disabled).toBe(true);
  });
});
