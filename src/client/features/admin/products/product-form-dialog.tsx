// Add and edit dialogs of a product: every field of the form with the rules and messages of the
// shared schema; on a new product the slug follows the name until it is edited by hand.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { type AdminProduct, type ProductData, ProductInputSchema } from '~/shared/schemas/admin-products';
import { productSlug } from '~/shared/slug';
import { Button } from '~/client/components/ui/button';
import { Skeleton } from '~/client/components/ui/skeleton';
import { toast } from '~/client/components/ui/toast-store';
import { ApiError, apiRequest } from '~/client/lib/api';
import {
  adminProductQueryOptions,
  categoriesQueryOptions,
  refreshCatalogue,
} from '~/client/features/admin/api';
import { Dialog } from '~/client/components/ui/dialog';
import { inputClasses, TextField } from '~/client/components/ui/form-fields';
import { ImageSlots } from './image-slots';

type FormValues = {
  name: string;
  slug: string;
  lotNumber: string;
  description: string;
  price: string;
  compareAtPrice: string;
  stock: string;
  categoryId: string;
  featured: boolean;
  new: boolean;
  active: boolean;
  applyDailyDiscount: boolean;
  images: string[];
};

const EMPTY: FormValues = {
  name: '',
  slug: '',
  lotNumber: '',
  description: '',
  price: '',
  compareAtPrice: '',
  stock: '0',
  categoryId: '',
  featured: false,
  new: false,
  active: true,
  applyDailyDiscount: true,
  images: [],
};

function toFormValues(p: AdminProduct): FormValues {
  return {
    name: p.name,
    slug: p.slug,
    lotNumber: p.lotNumber ?? '',
    description: p.description,
    price: p.price,
    compareAtPrice: p.compareAtPrice ?? '',
    stock: String(p.stock),
    categoryId: p.categoryId === null ? '' : String(p.categoryId),
    featured: p.featured,
    new: p.new,
    active: p.active,
    applyDailyDiscount: p.applyDailyDiscount,
    images: p.images,
  };
}

const FLAGS = [
  ['featured', 'Featured'],
  ['new', 'New'],
  ['active', 'Active'],
  ['applyDailyDiscount', 'Apply daily discount'],
] as const;

export function ProductFormDialog({ productId, onClose }: { productId: number | null; onClose: () => void }) {
  const isNew = productId === null;
  const queryClient = useQueryClient();
  const descriptionId = useId();
  const categoryFieldId = useId();
  const slugEdited = useRef(false);
  const categories = useQuery(categoriesQueryOptions());
  const product = useQuery({ ...adminProductQueryOptions(productId ?? 0), enabled: !isNew });

  const form = useForm<FormValues, unknown, ProductData>({
    // The form holds strings; the schema turns them into the API's values (ProductData).
    resolver: zodResolver(ProductInputSchema) as unknown as Resolver<FormValues, unknown, ProductData>,
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (product.data) form.reset(toFormValues(product.data));
  }, [product.data, form]);

  useEffect(() => {
    if (product.isError) {
      toast({
        title: 'Error loading product',
        description: 'Failed to load product details. Please try again.',
        variant: 'destructive',
      });
      onClose();
    }
  }, [product.isError, onClose]);

  const save = useMutation({
    mutationFn: (data: ProductData) =>
      isNew
        ? apiRequest<AdminProduct>('POST', '/api/products', data)
        : apiRequest<AdminProduct>('PUT', `/api/products/${productId}`, data),
    onSuccess: async (saved) => {
      toast({ title: 'Success', description: `${saved.name} has been ${isNew ? 'created' : 'updated'}.` });
      await refreshCatalogue(queryClient);
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        const fieldErrors = (error.body?.errors ?? {}) as Record<string, string>;
        for (const [field, message] of Object.entries(fieldErrors)) {
          const name = field.split('.')[0] as keyof FormValues;
          if (name in EMPTY) form.setError(name, { message });
        }
      }
      toast({
        title: 'Error',
        description: (error instanceof ApiError && error.serverMessage) || 'Failed to save product',
        variant: 'destructive',
      });
    },
  });

  const onSubmit = form.handleSubmit((data) => save.mutateAsync(data).catch(() => {}));
  const nameField = form.register('name', {
    onChange: (event) => {
      // Spec section 4: the slug is generated from the name and follows it live on new products.
      if (isNew && !slugEdited.current) form.setValue('slug', productSlug(event.target.value));
    },
  });
  const slugField = form.register('slug', {
    onChange: (event) => {
      slugEdited.current = event.target.value !== '';
    },
    onBlur: (event) => {
      if (!event.target.value.trim()) form.setValue('slug', productSlug(form.getValues('name')));
    },
  });

  // An inactive category is not in the public list; keep the product's own one selectable.
  const categoryOptions = [...(categories.data ?? [])];
  if (product.data?.categoryId && !categoryOptions.some((c) => c.id === product.data?.categoryId)) {
    categoryOptions.push({
      id: product.data.categoryId,
      name: product.data.categoryName ?? `Category ${product.data.categoryId}`,
      slug: '',
      imageUrl: null,
      active: false,
    });
  }

  const loading = !isNew && product.isPending;
  const busy = isSubmitting || save.isPending;

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
      title={isNew ? 'Add New Product' : 'Edit Product'}
      size="xl"
    >
      {loading ? (
        <div className="grid gap-3" role="status" aria-label="Loading product">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : (
        <form
          onSubmit={onSubmit}
          noValidate
          className="grid gap-4"
          aria-label={isNew ? 'Add product' : 'Edit product'}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Name" error={errors.name?.message} {...nameField} />
            <TextField
              label="Slug"
              error={errors.slug?.message}
              hint="Generated from the name when left empty."
              {...slugField}
            />
            <TextField
              label="Lot Number"
              error={errors.lotNumber?.message}
              hint="Optional here; required in CSV imports."
              {...form.register('lotNumber')}
            />
            <div className="grid gap-1">
              <label htmlFor={categoryFieldId} className="text-sm font-medium text-slate-800">
                Category
              </label>
              <select
                id={categoryFieldId}
                className={inputClasses(Boolean(errors.categoryId))}
                {...form.register('categoryId')}
              >
                <option value="">None</option>
                {categoryOptions.map((c) => (
                  <option key={c.id} value={String(c.id)}>
                    {c.name}
                  </option>
                ))}
              </select>
              {errors.categoryId && (
                <p className="text-xs font-medium text-red-600">{errors.categoryId.message}</p>
              )}
            </div>
            <TextField
              label="Price"
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0"
              error={errors.price?.message}
              {...form.register('price')}
            />
            <TextField
              label="Compare-at Price"
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0"
              hint="Optional: the original price, shown struck through."
              error={errors.compareAtPrice?.message}
              {...form.register('compareAtPrice')}
            />
            <TextField
              label="Stock"
              type="number"
              inputMode="numeric"
              step="1"
              min="0"
              error={errors.stock?.message}
              {...form.register('stock')}
            />
          </div>
          <div className="grid gap-1">
            <label htmlFor={descriptionId} className="text-sm font-medium text-slate-800">
              Description
            </label>
            <textarea
              id={descriptionId}
              rows={4}
              className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
              {...form.register('description')}
            />
            {errors.description && (
              <p className="text-xs font-medium text-red-600">{errors.description.message}</p>
            )}
          </div>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {FLAGS.map(([name, label]) => (
              <label key={name} className="flex items-center gap-2 text-sm">
                <input type="checkbox" className="h-4 w-4" {...form.register(name)} />
                {label}
              </label>
            ))}
          </div>
          <Controller
            control={form.control}
            name="images"
            render={({ field }) => (
              <ImageSlots
                images={field.value}
                onChange={(images) => field.onChange(images)}
                error={
                  errors.images?.message ??
                  (errors.images as { root?: { message?: string } } | undefined)?.root?.message
                }
              />
            )}
          />
          <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
            <Button variant="outline" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" pending={busy} pendingLabel="Saving...">
              {isNew ? 'Create Product' : 'Save Changes'}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
