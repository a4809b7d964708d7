import type { ImgHTMLAttributes } from 'react';
import type { Sample } from './samples.ts';

type Priority = 'high' | 'eager' | 'lazy';

/**
 * A picture from the samples manifest with its intrinsic size, so the browser reserves its box.
 * `high`: the page's largest above-the-fold picture; `eager`: other above-the-fold pictures;
 * `lazy` (default): everything below the fold.
 */
export function SampleImage({
  sample,
  priority = 'lazy',
  ...rest
}: { sample: Sample; priority?: Priority } & Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'alt' | 'width' | 'height'
>) {
  return (
    <img
      src={sample.src}
      alt={sample.alt}
      width={sample.width}
      height={sample.height}
      loading={priority === 'lazy' ? 'lazy' : 'eager'}
      fetchPriority={priority === 'high' ? 'high' : undefined}
      decoding={priority === 'high' ? 'sync' : 'async'}
      {...rest}
    />
  );
}
