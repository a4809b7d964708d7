import { describe, expect, it } from 'vitest';
import { maskShare, rasterizeMask, toNatural, type Stroke } from './mask.ts';

const at = (pixels: Uint8ClampedArray, width: number, x: number, y: number) =>
  Array.from(pixels.slice((y * width + x) * 4, (y * width + x) * 4 + 4));
const white = [255, 255, 255, 255];
const black = [0, 0, 0, 255];

describe('the painted cleanup mask', () => {
  it('is exactly the picture size, opaque black where nothing was painted', () => {
    const pixels = rasterizeMask([], 40, 30);
    expect(pixels).toHaveLength(40 * 30 * 4);
    for (let y = 0; y < 30; y += 1) for (let x = 0; x < 40; x += 1) expect(at(pixels, 40, x, y)).toEqual(black);
  });

  it('is white along a stroke, as wide as the brush, and black beside it', () => {
    const stroke: Stroke = {
      size: 10,
      points: [
        [10, 20],
        [90, 20],
      ],
    };
    const pixels = rasterizeMask([stroke], 100, 50);
    for (const x of [10, 50, 89]) {
      expect(at(pixels, 100, x, 20)).toEqual(white);
      expect(at(pixels, 100, x, 16)).toEqual(white);
      expect(at(pixels, 100, x, 23)).toEqual(white);
      expect(at(pixels, 100, x, 12)).toEqual(black);
      expect(at(pixels, 100, x, 27)).toEqual(black);
    }
    // The round brush reaches past the ends by its radius, and no further.
    expect(at(pixels, 100, 6, 20)).toEqual(white);
    expect(at(pixels, 100, 2, 20)).toEqual(black);
    expect(at(pixels, 100, 97, 20)).toEqual(black);
    const painted = pixels.filter((value, i) => i % 4 === 0 && value === 255).length;
    // A capsule of 80 × 10 plus two half discs: about 800 + 79 pixels.
    expect(painted).toBeGreaterThan(820);
    expect(painted).toBeLessThan(940);
  });

  it('paints a dot for a single tap and clips strokes at the edges', () => {
    const pixels = rasterizeMask(
      [
        { size: 8, points: [[0, 0]] },
        { size: 6, points: [[20, 5]] },
      ],
      24,
      12,
    );
    expect(at(pixels, 24, 0, 0)).toEqual(white);
    expect(at(pixels, 24, 2, 2)).toEqual(white);
    expect(at(pixels, 24, 20, 5)).toEqual(white);
    expect(at(pixels, 24, 12, 6)).toEqual(black);
  });

  it('loses exactly the last stroke on undo (the strokes without it)', () => {
    const first: Stroke = {
      size: 4,
      points: [
        [5, 5],
        [15, 5],
      ],
    };
    const second: Stroke = {
      size: 4,
      points: [
        [5, 15],
        [15, 15],
      ],
    };
    const both = rasterizeMask([first, second], 20, 20);
    const undone = rasterizeMask([first, second].slice(0, -1), 20, 20);
    expect(at(both, 20, 10, 15)).toEqual(white);
    expect(at(undone, 20, 10, 15)).toEqual(black);
    expect(at(undone, 20, 10, 5)).toEqual(white);
    expect(undone).toEqual(rasterizeMask([first], 20, 20));
  });
});

describe('the mask against a pixel-by-pixel reference', () => {
  it('paints exactly the pixels whose centre lies within the brush of some stroke', () => {
    // A fixed pseudo-random walk: curves, taps, strokes leaving the picture, tiny and huge brushes.
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const [width, height] = [97, 61];
    const strokes: Stroke[] = Array.from({ length: 12 }, () => {
      let [x, y] = [random() * 120 - 10, random() * 80 - 10];
      const points = Array.from({ length: 1 + Math.floor(random() * 8) }, () => {
        [x, y] = [x + random() * 30 - 15, y + random() * 30 - 15];
        return [x, y] as const;
      });
      return { size: 0.5 + random() * 25, points };
    });
    const distance2 = (
      px: number,
      py: number,
      [ax, ay]: readonly [number, number],
      [bx, by]: readonly [number, number],
    ) => {
      const [dx, dy] = [bx - ax, by - ay];
      const t =
        dx === 0 && dy === 0 ? 0 : Math.min(Math.max(((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy), 0), 1);
      return (ax + t * dx - px) ** 2 + (ay + t * dy - py) ** 2;
    };
    const pixels = rasterizeMask(strokes, width, height);
    let painted = 0;
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const inside = strokes.some(({ size, points }) =>
          points.some(
            (point, i) =>
              distance2(x + 0.5, y + 0.5, points[Math.max(i - 1, 0)]!, point) <= Math.max(size / 2, 0.5) ** 2,
          ),
        );
        painted += inside ? 1 : 0;
        expect(at(pixels, width, x, y), `pixel ${x},${y}`).toEqual(inside ? white : black);
      }
    }
    expect(painted).toBeGreaterThan(200);
    expect(painted).toBeLessThan(width * height - 200);
  });
});

describe('pointer positions on the picture', () => {
  it('scale from the displayed size to the natural size, clamped to the picture', () => {
    const box = { left: 100, top: 50, width: 256, height: 192 };
    const natural = { width: 1024, height: 768 };
    expect(toNatural(100, 50, box, natural)).toEqual([0, 0]);
    expect(toNatural(228, 146, box, natural)).toEqual([512, 384]);
    expect(toNatural(356, 242, box, natural)).toEqual([1024, 768]);
    expect(toNatural(400, 10, box, natural)).toEqual([1024, 0]);
  });
});

describe('maskShare', () => {
  it('is the share of the picture a stroke covers', () => {
    // A 10-px brush across the whole width of a 100×100 picture: a tenth of it.
    expect(
      maskShare(
        [
          {
            size: 10,
            points: [
              [0, 50],
              [100, 50],
            ],
          },
        ],
        100,
        100,
      ),
    ).toBeCloseTo(0.1, 2);
    expect(maskShare([], 100, 100)).toBe(0);
  });
});
