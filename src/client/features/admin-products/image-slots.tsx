// Up to 5 product images in 120 px slots: the first is the main image; each can move left or right
// or be removed; new pictures are uploaded to POST /api/upload/image. A product given more pictures by
// a CSV import (up to 10) keeps them here: they can be moved and removed, and pictures can be added
// again once it has fewer than 5 (decision 0098).
import { useRef, useState } from 'react';
import { MAX_PRODUCT_IMAGES } from '~/shared/constants';
import { ProductImage } from '~/client/components/ui/product-image';
import { toast } from '~/client/components/ui/toast-store';
import { apiRequest } from '~/client/lib/api';
import { Spinner } from '~/client/components/ui/spinner';
import { uploadFailure } from './server-message';

export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  const { url } = await apiRequest<{ url: string }>('POST', '/api/upload/image', form);
  return url;
}

export function ImageSlots({
  images,
  onChange,
  error,
}: {
  images: string[];
  onChange: (images: string[]) => void;
  error?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(0);

  async function onFiles(files: FileList | null) {
    if (!files || files.length === 0) return;
    const room = MAX_PRODUCT_IMAGES - images.length;
    const chosen = [...files];
    if (chosen.length > room) {
      toast({
        title: 'Too many images',
        description: `Up to ${MAX_PRODUCT_IMAGES} images can be added in the product form.`,
        variant: 'destructive',
      });
    }
    let current = images;
    for (const file of chosen.slice(0, Math.max(0, room))) {
      setUploading((n) => n + 1);
      try {
        const url = await uploadImage(file);
        current = [...current, url];
        onChange(current);
      } catch (error) {
        toast({
          title: 'Upload failed',
          description: uploadFailure(error, file.name),
          variant: 'destructive',
        });
      } finally {
        setUploading((n) => n - 1);
      }
    }
    if (input.current) input.current.value = '';
  }

  function move(from: number, to: number) {
    const next = [...images];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    onChange(next);
  }

  return (
    <fieldset className="grid gap-2">
      <legend className="text-sm font-medium text-slate-800">
        {images.length > MAX_PRODUCT_IMAGES
          ? `Images (${images.length})`
          : `Images (${images.length}/${MAX_PRODUCT_IMAGES})`}
      </legend>
      <p className="text-xs text-slate-500">
        The first image is the main image. Use the arrows to change the order.
      </p>
      {images.length > MAX_PRODUCT_IMAGES && (
        <p className="text-xs text-slate-500">
          This product has more than {MAX_PRODUCT_IMAGES} images from an import. You can reorder or remove
          them; new images can be added once it has fewer than {MAX_PRODUCT_IMAGES}.
        </p>
      )}
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-5" data-testid="image-slots">
        {images.map((url, i) => (
          <li
            key={`${url}-${i}`}
            className="relative flex h-[120px] flex-col overflow-hidden rounded-md border border-slate-200"
          >
            <ProductImage
              url={url}
              alt={`Product image ${i + 1}`}
              sizes="120px"
              className="h-full w-full object-cover"
            />
            {i === 0 && (
              <span className="absolute top-1 left-1 rounded bg-brand-600 px-1.5 py-0.5 text-[10px] font-semibold text-white">
                Main
              </span>
            )}
            <div className="absolute inset-x-0 bottom-0 flex justify-between bg-white/90 px-1 py-0.5">
              <button
                type="button"
                className="rounded px-1.5 text-sm disabled:opacity-30"
                aria-label={`Move image ${i + 1} left`}
                disabled={i === 0}
                onClick={() => move(i, i - 1)}
              >
                ←
              </button>
              <button
                type="button"
                className="rounded px-1.5 text-xs text-red-700"
                aria-label={`Remove image ${i + 1}`}
                onClick={() => onChange(images.filter((_, j) => j !== i))}
              >
                Remove
              </button>
              <button
                type="button"
                className="rounded px-1.5 text-sm disabled:opacity-30"
                aria-label={`Move image ${i + 1} right`}
                disabled={i === images.length - 1}
                onClick={() => move(i, i + 1)}
              >
                →
              </button>
            </div>
          </li>
        ))}
        {images.length < MAX_PRODUCT_IMAGES && (
          <li className="h-[120px]">
            <label className="flex h-full cursor-pointer flex-col items-center justify-center gap-1 rounded-md border-2 border-dashed border-slate-300 text-sm text-slate-600 hover:border-brand-600 hover:text-brand-700 focus-within:border-brand-600">
              {uploading > 0 ? <Spinner /> : <span aria-hidden="true">+</span>}
              {uploading > 0 ? 'Uploading...' : 'Add image'}
              <input
                ref={input}
                type="file"
                accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
                multiple
                className="sr-only"
                aria-label="Add product images"
                onChange={(e) => onFiles(e.target.files)}
              />
            </label>
          </li>
        )}
      </ul>
      {error && <p className="text-xs font-medium text-red-600">{error}</p>}
    </fieldset>
  );
}
