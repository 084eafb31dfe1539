import { useEffect, useRef, useState } from 'react';
import { imageVariants, PLACEHOLDER_IMAGE } from '../../../shared/images';

/** A square product image with responsive variants, explicit size (no layout shift) and a fallback. */
export function ProductImage({
  url,
  alt,
  sizes = '(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw',
  eager = false,
  className,
}: {
  url: string | null | undefined;
  alt: string;
  sizes?: string;
  eager?: boolean;
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
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={eager ? 'high' : undefined}
      onError={() => setBroken(true)}
      className={className ?? 'aspect-square w-full object-cover'}
    />
  );
}
