import { useEffect, useRef, useState } from 'react';
import { imageVariants, PLACEHOLDER_IMAGE } from '~/shared/images';

/**
 * How a picture loads (docs/decisions/0147-first-screen-pictures.md): 'high' for the largest pictures of
 * the first screen (eager, high fetch priority), 'eager' for other pictures of the first screen, 'lazy'
 * (the default) for pictures below it.
 */
export type ImageLoad = 'high' | 'eager' | 'lazy';

/**
 * For a grid of cards or tiles, two columns on a phone: the first row is in the first screen: two on a phone (the largest pictures there: high
 * priority), up to four on a wide screen; the rest load lazily.
 */
export function firstScreenLoad(index: number): ImageLoad {
  return index < 2 ? 'high' : index < 4 ? 'eager' : 'lazy';
}

/** A square product image with responsive variants, explicit size (no layout shift) and a fallback. */
export function ProductImage({
  url,
  alt,
  sizes = '(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw',
  load = 'lazy',
  className,
}: {
  url: string | null | undefined;
  alt: string;
  sizes?: string;
  load?: ImageLoad;
  className?: string;
}) {
  const [broken, setBroken] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  // An image of the server-rendered page can fail before React is listening: check once after hydration.
  useEffect(() => {
    const img = ref.current;
    if (
      img?.complete &&
      img.naturalWidth === 0 &&
      img.currentSrc &&
      !img.currentSrc.endsWith(PLACEHOLDER_IMAGE)
    ) {
      setBroken(true);
    }
  }, []);
  const { src, srcSet } = broken ? { src: PLACEHOLDER_IMAGE, srcSet: undefined } : imageVariants(url);
  return (
    <img
      ref={ref}
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={640}
      height={640}
      loading={load === 'lazy' ? 'lazy' : 'eager'}
      decoding="async"
      fetchPriority={load === 'high' ? 'high' : undefined}
      onError={() => setBroken(true)}
      className={className ?? 'aspect-square w-full object-cover'}
    />
  );
}
