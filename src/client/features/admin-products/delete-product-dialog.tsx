// Deleting a product asks first; a product that appears in orders is archived instead (the server decides
// and says which), so those orders keep it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProduct } from '~/shared/schemas/admin-products';
import { ConfirmDialog } from '~/client/components/ui/confirm-dialog';
import { toast } from '~/client/components/ui/toast-store';
import { deleteProduct, refreshCatalogue } from './api';

export function DeleteProductDialog({
  product,
  onClose,
}: {
  product: AdminProduct | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (p: AdminProduct) => deleteProduct(p.id),
    onSuccess: (result) => {
      onClose();
      toast({
        title: result.outcome === 'archived' ? 'Product archived' : 'Product deleted',
        description: result.message,
      });
      return refreshCatalogue(queryClient);
    },
    onError: () =>
      toast({
        title: 'Error',
        description: 'Failed to delete product',
        variant: 'destructive',
      }),
  });

  return (
    <ConfirmDialog
      open={product !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Delete product?"
      message={
        product
          ? `Are you sure you want to delete "${product.name}"? This action cannot be undone. A product that appears in orders is archived instead, so those orders keep it.`
          : ''
      }
      pending={remove.isPending}
      pendingLabel="Deleting..."
      onConfirm={() => product && remove.mutate(product)}
    />
  );
}
