// Add and edit dialogs of a product: every field of the form with the rules and messages of the
// shared schema; on a new product the slug follows the name until it is edited by hand. The state and
// the save are use-product-form.ts; the fields are product-form-fields.tsx.
import { Controller } from 'react-hook-form';
import { Button } from '~/client/components/ui/button';
import { Dialog, DialogCancel } from '~/client/components/ui/dialog';
import { Skeleton } from '~/client/components/ui/skeleton';
import { ImageSlots } from './image-slots';
import { PriceHistoryPanel } from './price-history-panel';
import { ProductDescriptionFields, ProductFlagFields, ProductMainFields } from './product-form-fields';
import { StockPanel } from './stock-panel';
import { useProductForm } from './use-product-form';

export function ProductFormDialog({ productId, onClose }: { productId: number | null; onClose: () => void }) {
  const {
    isNew,
    form,
    base,
    changedMeanwhile,
    categoryOptions,
    nameField,
    slugField,
    onSubmit,
    loading,
    busy,
  } = useProductForm(productId, onClose);
  const { errors } = form.formState;

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
          <ProductMainFields
            form={form}
            errors={errors}
            isNew={isNew}
            nameField={nameField}
            slugField={slugField}
            categoryOptions={categoryOptions}
          />
          {changedMeanwhile.length > 0 && (
            <div
              role="alert"
              className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
            >
              Someone else saved this product while you were editing. Their changes are now in the form:{' '}
              {changedMeanwhile.join(', ')}. Your own changes are kept; save again to apply them.
            </div>
          )}
          <ProductDescriptionFields form={form} errors={errors} />
          <ProductFlagFields form={form} />
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
