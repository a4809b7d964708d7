import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { useEffect, useState, type FocusEvent } from 'react';

/** docs/product.md §9: carousels advance every 2000 ms. */
export const carouselDelayMs = 2000;

/**
 * A looping Embla carousel that autoplays while `wantsToPlay`, and holds while the pointer is over
 * `holdProps`'s element or focus is inside it. The autoplay plugin's own listeners stay off: one
 * place decides whether it runs.
 */
export function useLoopingCarousel({ wantsToPlay, reducedMotion }: { wantsToPlay: boolean; reducedMotion: boolean }) {
  const [plugins] = useState(() => [
    Autoplay({
      delay: carouselDelayMs,
      playOnInit: false,
      stopOnInteraction: false,
      stopOnMouseEnter: false,
      stopOnFocusIn: false,
    }),
  ]);
  const [viewportRef, api] = useEmblaCarousel(
    { loop: true, align: 'start', duration: reducedMotion ? 10 : 25 },
    plugins,
  );
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [selected, setSelected] = useState(0);
  const playing = wantsToPlay && !hovered && !focused;

  useEffect(() => {
    const autoplay = api?.plugins().autoplay;
    if (!autoplay) return;
    if (playing) autoplay.play();
    else autoplay.stop();
  }, [api, playing]);

  useEffect(() => {
    if (!api) return;
    const onSelect = () => setSelected(api.selectedScrollSnap());
    onSelect();
    api.on('select', onSelect).on('reInit', onSelect);
    return () => {
      api.off('select', onSelect).off('reInit', onSelect);
    };
  }, [api]);

  const holdProps = {
    onPointerEnter: () => setHovered(true),
    onPointerLeave: () => setHovered(false),
    onFocus: () => setFocused(true),
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
    },
  };
  return { viewportRef, api, selected, playing, holdProps };
}
