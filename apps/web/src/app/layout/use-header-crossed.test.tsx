import { cleanup, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { headerCrossedClass, headerScrollThrottleMs, isHeaderCrossed, useHeaderCrossed } from './use-header-crossed.ts';

describe('isHeaderCrossed (docs/product.md §2: scroll beyond a third of the header height)', () => {
  it('is false up to exactly a third of the header height and true beyond it', () => {
    expect(isHeaderCrossed(0, 72)).toBe(false);
    expect(isHeaderCrossed(24, 72)).toBe(false);
    expect(isHeaderCrossed(24.5, 72)).toBe(true);
    expect(isHeaderCrossed(500, 72)).toBe(true);
  });

  it('follows the header height it is given', () => {
    expect(isHeaderCrossed(30, 120)).toBe(false);
    expect(isHeaderCrossed(41, 120)).toBe(true);
  });
});

const headerHeight = 72;

function Header() {
  const ref = useRef<HTMLElement>(null);
  useHeaderCrossed(ref);
  return <header ref={ref}>Lumigen</header>;
}

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  window.dispatchEvent(new Event('scroll'));
}

const crossed = () => document.body.classList.contains(headerCrossedClass);

describe('useHeaderCrossed', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => headerHeight });
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
    Reflect.deleteProperty(HTMLElement.prototype, 'offsetHeight');
  });

  it('marks the body once the page scrolls past a third of the header and unmarks it on the way back', () => {
    render(<Header />);
    expect(crossed()).toBe(false);
    vi.advanceTimersByTime(headerScrollThrottleMs); // past the window the check on mount opened

    scrollTo(headerHeight / 3 + 1);
    expect(crossed()).toBe(true);

    vi.advanceTimersByTime(headerScrollThrottleMs);
    scrollTo(0);
    expect(crossed()).toBe(false);
  });

  it(`checks the scroll position at most once per ${headerScrollThrottleMs} ms during a burst, and applies the final position`, () => {
    const updates: number[] = [];
    const toggle = DOMTokenList.prototype.toggle;
    vi.spyOn(DOMTokenList.prototype, 'toggle').mockImplementation(function (
      this: DOMTokenList,
      token: string,
      force?: boolean,
    ) {
      if (token === headerCrossedClass) updates.push(Date.now());
      return toggle.call(this, token, force);
    });

    render(<Header />);
    expect(updates).toHaveLength(1); // the initial check on mount
    const start = Date.now();

    // 350 ms of scroll events every 10 ms, moving down then ending back at the top.
    for (let t = 0; t < 350; t += 10) {
      scrollTo(t < 340 ? 200 + t : 0);
      vi.advanceTimersByTime(10);
    }
    vi.advanceTimersByTime(headerScrollThrottleMs);

    const burst = updates.filter((time) => time >= start);
    expect(burst.length).toBeGreaterThan(1);
    expect(burst.length).toBeLessThanOrEqual(Math.ceil(350 / headerScrollThrottleMs) + 1);
    for (let i = 1; i < updates.length; i += 1)
      expect(updates[i]! - updates[i - 1]!).toBeGreaterThanOrEqual(headerScrollThrottleMs);
    // The last event (back at the top) was inside a throttle window; it is still applied.
    expect(crossed()).toBe(false);
  });

  it('applies a trailing event that arrives inside the window once the window ends', () => {
    render(<Header />);
    vi.advanceTimersByTime(headerScrollThrottleMs);
    scrollTo(10); // immediate check: not crossed
    expect(crossed()).toBe(false);

    vi.advanceTimersByTime(30);
    scrollTo(300); // inside the window: not applied yet
    expect(crossed()).toBe(false);

    vi.advanceTimersByTime(headerScrollThrottleMs - 31);
    expect(crossed()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(crossed()).toBe(true);
  });

  it('removes the mark and stops listening when the header unmounts', () => {
    const { unmount } = render(<Header />);
    vi.advanceTimersByTime(headerScrollThrottleMs);
    scrollTo(300);
    expect(crossed()).toBe(true);
    unmount();
    expect(crossed()).toBe(false);
    vi.advanceTimersByTime(headerScrollThrottleMs);
    scrollTo(400);
    vi.advanceTimersByTime(headerScrollThrottleMs);
    expect(crossed()).toBe(false);
  });
});
