import type { Product } from '~/shared/schemas/catalog';
import { Button } from '~/client/components/ui/button';
import { toast } from '~/client/components/ui/toast-store';
import { useLocale, useT } from '~/client/lib/i18n';
import { cartMessages } from './cart.messages';
import { addItem, cartItemFromProduct } from './cart-store';

/**
 * A product card's Add to Cart: one unit per click, disabled at stock 0 or less. The cart store enforces
 * the stock limit ('Maximum Stock Reached' / 'Limited Stock Available') and shows 'Added to cart'.
 */
export function AddToCartButton({ product, className }: { product: Product; className?: string }) {
  const locale = useLocale();
  const t = useT(cartMessages);
  const outOfStock = !(product.stock > 0);
  return (
    <Button
      className={className ?? 'h-11 w-full'}
      disabled={outOfStock}
      // The visible label stays 'Add to Cart'; the name says which product, as a list of cards has many.
      aria-label={t('addToCartOf', { name: product.name })}
      onClick={() => {
        if (outOfStock) {
          toast({ title: t('cannotAdd'), description: t('productOutOfStock'), variant: 'destructive' });
          return;
        }
        addItem(cartItemFromProduct(product), 1, { locale });
      }}
    >
      {t('addToCart')}
    </Button>
  );
}
