// The product dialog's state: the form checked by the shared schema, the version the edit is based on,
// the save (and its refusals) and the slug that follows the name on a new product.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { type AdminProduct, type ProductData, ProductInputSchema } from '~/shared/schemas/admin-products';
import { productSlug } from '~/shared/slug';
import { toast } from '~/client/components/ui/toast-store';
import { ApiError } from '~/client/lib/api';
import { adminProductQueryOptions, categoriesQueryOptions, refreshCatalogue, saveProduct } from './api';
import {
  changedFieldLabels,
  EMPTY,
  FIELD_LABELS,
  type FormValues,
  toFormValues,
} from './product-form-values';

export function useProductForm(productId: number | null, onClose: () => void) {
  const isNew = productId === null;
  const queryClient = useQueryClient();
  const slugEdited = useRef(false);
  const categories = useQuery(categoriesQueryOptions());
  const product = useQuery({ ...adminProductQueryOptions(productId ?? 0), enabled: !isNew });

  const form = useForm<FormValues, unknown, ProductData>({
    // The form holds strings; the schema turns them into the API's values (ProductData).
    resolver: zodResolver(ProductInputSchema) as unknown as Resolver<FormValues, unknown, ProductData>,
    defaultValues: EMPTY,
  });

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
    const dirty = form.formState.dirtyFields as Partial<Record<keyof FormValues, unknown>>;
    const typed = form.getValues();
    const changed = base ? changedFieldLabels(base, current) : [];
    form.reset(toFormValues(current));
    for (const k of Object.keys(FIELD_LABELS) as (keyof typeof FIELD_LABELS)[])
      if (dirty[k]) form.setValue(k, typed[k] as never, { shouldDirty: true });
    setBase(current);
    setChangedMeanwhile(changed);
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
    mutationFn: (data: ProductData) => saveProduct(productId, data, base?.version),
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
      // The slug is generated from the name and follows it live on new products.
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

  return {
    isNew,
    form,
    base,
    changedMeanwhile,
    categoryOptions,
    nameField,
    slugField,
    onSubmit,
    loading: !isNew && product.isPending,
    busy: form.formState.isSubmitting || save.isPending,
  };
}
