// Product and category images are stored as WebP variants named `<base>-<width>.webp`; the stored URL
// is the 640 px one. Other URLs (pasted links) are used as they are.
export const IMAGE_WIDTHS = [320, 640, 1024] as const;
export const CANONICAL_IMAGE_WIDTH = 640;
export const PLACEHOLDER_IMAGE = '/placeholder.svg';

export function imageVariants(url: string | null | undefined): { src: string; srcSet?: string } {
  if (!url) return { src: PLACEHOLDER_IMAGE };
  const match = /^(.*)-640\.webp$/.exec(url);
  if (!match) return { src: url };
  return { src: url, srcSet: IMAGE_WIDTHS.map((w) => `${match[1]}-${w}.webp ${w}w`).join(', ') };
}
