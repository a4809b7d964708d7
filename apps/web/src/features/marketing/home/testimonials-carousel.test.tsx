import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { carouselDelayMs as autoplayDelayMs } from '../../../components/ui/use-looping-carousel.ts';
import { TestimonialsCarousel } from './testimonials-carousel.tsx';

// jsdom has no layout, so Embla itself cannot measure slides; a stand-in API records what the
// component asks of it, while the real Autoplay plugin object carries the options it was given.
const embla = vi.hoisted(() => {
  const autoplay = { play: vi.fn(), stop: vi.fn() };
  const listeners = new Map<string, () => void>();
  const api = {
    plugins: () => ({ autoplay }),
    selectedScrollSnap: vi.fn(() => 0),
    on: vi.fn((event: string, listener: () => void) => {
      listeners.set(event, listener);
      return api;
    }),
    off: vi.fn(() => api),
    scrollNext: vi.fn(),
    scrollPrev: vi.fn(),
    scrollTo: vi.fn(),
  };
  const hook = vi.fn((_options: unknown, _plugins: unknown) => [() => undefined, api] as const);
  return { autoplay, api, hook, listeners };
});
vi.mock('embla-carousel-react', () => ({ default: embla.hook }));

function prefersReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reduce && query.includes('reduce'),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

const lastCall = (mock: { mock: { invocationCallOrder: number[] } }) => Math.max(0, ...mock.mock.invocationCallOrder);
const isPlaying = () => lastCall(embla.autoplay.play) > lastCall(embla.autoplay.stop);

beforeEach(() => prefersReducedMotion(false));
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

describe('TestimonialsCarousel', () => {
  it('shows four looping slides that autoplay every 2000 ms', () => {
    render(<TestimonialsCarousel />);

    expect(screen.getAllByRole('group').map((slide) => slide.getAttribute('aria-label'))).toEqual([
      '1 of 4',
      '2 of 4',
      '3 of 4',
      '4 of 4',
    ]);
    const [options, plugins] = embla.hook.mock.calls[0]!;
    expect(options).toMatchObject({ loop: true });
    expect(autoplayDelayMs).toBe(2000);
    expect((plugins as Array<{ name: string; options: { delay: number } }>)[0]).toMatchObject({
      name: 'autoplay',
      options: { delay: 2000 },
    });
    expect(isPlaying()).toBe(true);
    expect(screen.getByRole('button', { name: 'Pause testimonials' })).toBeTruthy();
  });

  it('pauses while the pointer is over the slides and resumes when it leaves', () => {
    render(<TestimonialsCarousel />);
    const stage = screen.getByTestId('carousel-stage');

    fireEvent.pointerEnter(stage);
    expect(isPlaying()).toBe(false);
    fireEvent.pointerLeave(stage);
    expect(isPlaying()).toBe(true);
  });

  it('pauses while keyboard focus is inside and resumes when focus leaves', async () => {
    render(<TestimonialsCarousel />);
    const user = userEvent.setup();

    await user.tab(); // the pause button, outside the paused area
    expect(isPlaying()).toBe(true);
    await user.tab(); // first dot, inside
    expect(isPlaying()).toBe(false);
    screen.getByRole('button', { name: 'Next testimonial' }).focus();
    expect(isPlaying()).toBe(false);
    act(() => screen.getByRole('button', { name: 'Next testimonial' }).blur());
    expect(isPlaying()).toBe(true);
  });

  it('can be paused and played with its button', async () => {
    render(<TestimonialsCarousel />);
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Pause testimonials' }));
    expect(isPlaying()).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Play testimonials' }));
    expect(isPlaying()).toBe(true);
  });

  it('does not autoplay under prefers-reduced-motion, and its arrows jump instead of sliding', async () => {
    prefersReducedMotion(true);
    render(<TestimonialsCarousel />);
    const user = userEvent.setup();

    expect(embla.autoplay.play).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Play testimonials' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next testimonial' }));
    expect(embla.api.scrollNext).toHaveBeenCalledWith(true);
    await user.click(screen.getByRole('button', { name: 'Previous testimonial' }));
    expect(embla.api.scrollPrev).toHaveBeenCalledWith(true);
    expect(embla.autoplay.play).not.toHaveBeenCalled();
  });

  it('moves with the arrows and marks the current dot', async () => {
    render(<TestimonialsCarousel />);
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Next testimonial' }));
    expect(embla.api.scrollNext).toHaveBeenCalledWith(false);
    embla.api.selectedScrollSnap.mockReturnValue(2);
    act(() => embla.listeners.get('select')?.());
    expect(screen.getByRole('button', { name: 'Show testimonial 3' }).getAttribute('aria-current')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Show testimonial 1' }));
    expect(embla.api.scrollTo).toHaveBeenCalledWith(0, false);
  });
});
