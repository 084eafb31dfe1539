// Add and edit dialogs of a product: every field of the form with the rules and messages of the
// shared schema; on a new product the slug follows the name until it is edited by hand.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { type AdminProduct, type ProductData, ProductInputSchema } from '~/shared/schemas/admin-products';
import { PRODUCT_CONDITION_LABELS } from '~/shared/condition';
import { PRODUCT_CONDITIONS, type ProductCondition } from '~/shared/constants';
import { productSlug } from '~/shared/slug';
import { Button } from '~/client/components/ui/button';
import { Skeleton } from '~/client/components/ui/skeleton';
import { toast } from '~/client/components/ui/toast-store';
import { ApiError, apiRequest } from '~/client/lib/api';
import { adminProductQueryOptions, categoriesQueryOptions, refreshCatalogue } from './api';
import { Dialog, DialogCancel } from '~/client/components/ui/dialog';
import { inputClasses, TextField } from '~/client/components/ui/form-fields';
import { ImageSlots } from './image-slots';
import { PriceHistoryPanel } from './price-history-panel';
import { StockPanel } from './stock-panel';

type FormValues = {
  name: string;
  nameFr: string;
  slug: string;
  lotNumber: string;
  description: string;
  descriptionFr: string;
  price: string;
  compareAtPrice: string;
  stock: string;
  categoryId: string;
  featured: boolean;
  new: boolean;
  active: boolean;
  applyDailyDiscount: boolean;
  condition: ProductCondition;
  conditionNotes: string;
  finalSale: boolean;
  images: string[];
};

const EMPTY: FormValues = {
  name: '',
  nameFr: '',
  slug: '',
  lotNumber: '',
  description: '',
  descriptionFr: '',
  price: '',
  compareAtPrice: '',
  stock: '0',
  categoryId: '',
  featured: false,
  new: false,
  active: true,
  applyDailyDiscount: true,
  condition: 'new',
  conditionNotes: '',
  finalSale: false,
  images: [],
};

function toFormValues(p: AdminProduct): FormValues {
  return {
    name: p.name,
    nameFr: p.nameFr,
    slug: p.slug,
    lotNumber: p.lotNumber ?? '',
    description: p.description,
    descriptionFr: p.descriptionFr,
    price: p.price,
    compareAtPrice: p.compareAtPrice ?? '',
    stock: String(p.stock),
    categoryId: p.categoryId === null ? '' : String(p.categoryId),
    featured: p.featured,
    new: p.new,
    active: p.active,
    applyDailyDiscount: p.applyDailyDiscount,
    condition: p.condition,
    conditionNotes: p.conditionNotes,
    finalSale: p.finalSale,
    images: p.images,
  };
}

const FIELD_LABELS: Record<Exclude<keyof FormValues, 'stock'>, string> = {
  name: 'Name',
  nameFr: 'Name (French)',
  slug: 'Slug',
  lotNumber: 'Lot Number',
  description: 'Description',
  descriptionFr: 'Description (French)',
  price: 'Price',
  compareAtPrice: 'Compare-at Price',
  categoryId: 'Category',
  featured: 'Featured',
  new: 'New',
  active: 'Active',
  applyDailyDiscount: 'Apply daily discount',
  condition: 'Condition',
  conditionNotes: 'Condition notes',
  finalSale: 'Final sale',
  images: 'Pictures',
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const FLAGS = [
  ['featured', 'Featured'],
  ['new', 'New'],
  ['active', 'Active'],
  ['applyDailyDiscount', 'Apply daily discount'],
  ['finalSale', 'Final sale (no returns)'],
] as const;

export function ProductFormDialog({ productId, onClose }: { productId: number | null; onClose: () => void }) {
  const isNew = productId === null;
  const queryClient = useQueryClient();
  const descriptionId = useId();
  const descriptionFrId = useId();
  const categoryFieldId = useId();
  const conditionFieldId = useId();
  const slugEdited = useRef(false);
  const categories = useQuery(categoriesQueryOptions());
  const product = useQuery({ ...adminProductQueryOptions(productId ?? 0), enabled: !isNew });

  const form = useForm<FormValues, unknown, ProductData>({
    // The form holds strings; the schema turns them into the API's values (ProductData).
    resolver: zodResolver(ProductInputSchema) as unknown as Resolver<FormValues, unknown, ProductData>,
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;

  // The version the edit is based on: a save based on an older one is refused by the server (409).
  const [base, setBase] = useState<AdminProduct | null>(null);
  const [changedMeanwhile, setChangedMeanwhile] = useState<string[]>([]);
  useEffect(() => {
    // Loaded once: a later refetch must not wipe what is being typed.
    if (product.data && base === null) {
      setBase(product.data);
      form.reset(toFormValues(product.data));
    }
  }, [product.data, base, form]);

  /**
   * Someone else saved the product meanwhile: take their values for every field this person has not
   * touched, keep what this person typed, and say which fields changed, so saving again builds on theirs.
   */
  function rebaseOn(current: AdminProduct) {
    const loaded = base ? toFormValues(base) : null;
    const now = toFormValues(current);
    const dirty = form.formState.dirtyFields as Partial<Record<keyof FormValues, unknown>>;
    const typed = form.getValues();
    const changed = (Object.keys(FIELD_LABELS) as (keyof typeof FIELD_LABELS)[]).filter(
      (k) => loaded && !same(loaded[k], now[k]),
    );
    form.reset(now);
    for (const k of Object.keys(FIELD_LABELS) as (keyof typeof FIELD_LABELS)[])
      if (dirty[k]) form.setValue(k, typed[k] as never, { shouldDirty: true });
    setBase(current);
    setChangedMeanwhile(changed.map((k) => FIELD_LABELS[k]));
  }

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
    mutationFn: (data: ProductData) => {
      if (isNew) return apiRequest<AdminProduct>('POST', '/api/products', data);
      // Stock changes by adjustment (the stock panel), never by saving the product.
      const { stock: _stock, ...fields } = data;
      return apiRequest<AdminProduct>('PUT', `/api/products/${productId}`, {
        ...fields,
        version: base?.version,
      });
    },
    onSuccess: async (saved) => {
      toast({ title: 'Success', description: `${saved.name} has been ${isNew ? 'created' : 'updated'}.` });
      await refreshCatalogue(queryClient);
      onClose();
    },
    onError: (error) => {
      const current = error instanceof ApiError && error.status === 409 ? error.body?.product : undefined;
      if (current && typeof current === 'object') rebaseOn(current as AdminProduct);
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
      languages: { name: 'en' },
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
      dirty={form.formState.isDirty}
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
            {/* French beside the English (docs/decisions/0350-french-catalogue-fields.md): left empty, French pages show the English. */}
            <TextField
              label="Name (French)"
              lang="fr-CA"
              error={errors.nameFr?.message}
              hint="Shown on French pages; the English name shows when left empty."
              {...form.register('nameFr')}
            />
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
            <div className="grid gap-1">
              <label htmlFor={conditionFieldId} className="text-sm font-medium text-slate-800">
                Condition
              </label>
              <select
                id={conditionFieldId}
                className={inputClasses(Boolean(errors.condition))}
                {...form.register('condition')}
              >
                {PRODUCT_CONDITIONS.map((code) => (
                  <option key={code} value={code}>
                    {PRODUCT_CONDITION_LABELS[code]}
                  </option>
                ))}
              </select>
            </div>
            <TextField
              label="Condition notes"
              error={errors.conditionNotes?.message}
              hint="Optional: what the grader saw, shown to shoppers."
              {...form.register('conditionNotes')}
            />
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
            {isNew && (
              <TextField
                label="Stock"
                type="number"
                inputMode="numeric"
                step="1"
                min="0"
                error={errors.stock?.message}
                {...form.register('stock')}
              />
            )}
          </div>
          {changedMeanwhile.length > 0 && (
            <div
              role="alert"
              className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
            >
              Someone else saved this product while you were editing. Their changes are now in the form:{' '}
              {changedMeanwhile.join(', ')}. Your own changes are kept; save again to apply them.
            </div>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
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
            <div className="grid gap-1">
              <label htmlFor={descriptionFrId} className="text-sm font-medium text-slate-800">
                Description (French)
              </label>
              <textarea
                id={descriptionFrId}
                lang="fr-CA"
                rows={4}
                className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
                {...form.register('descriptionFr')}
              />
              {errors.descriptionFr && (
                <p className="text-xs font-medium text-red-600">{errors.descriptionFr.message}</p>
              )}
            </div>
          </div>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {FLAGS.map(([name, label]) => (
              <label key={name} className="flex items-center gap-2 text-sm">
                <input type="checkbox" className="h-4 w-4" {...form.register(name)} />
                {label}
              </label>
            ))}
          </div>
          {!isNew && base && (
            <StockPanel productId={base.id} productName={base.name} initialStock={base.stock} />
          )}
          {!isNew && base && <PriceHistoryPanel productId={base.id} />}
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
            <DialogCancel disabled={busy} />
            <Button type="submit" pending={busy} pendingLabel="Saving...">
              {isNew ? 'Create Product' : 'Save Changes'}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
