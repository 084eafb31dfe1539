// Re-order: the order's products go back into the cart at TODAY's prices, never more than is in
// stock now; what could not be added is said, not silently dropped.
import type { QueryClient } from '@tanstack/react-query';
import type { AccountOrder } from '~/shared/schemas/account';
import { itemDisplayName } from '~/shared/orders';
import { toast } from '~/client/components/ui/toast-store';
import { addItem, cartItemFromProduct, getCart } from '~/client/features/cart';
import { type ProductDetail, productQueryOptions } from '~/client/lib/product-query';

export type ReorderOutcome = {
  /** Units added to the cart. */
  units: number;
  /** Lines added with fewer units than ordered. */
  partial: { name: string; added: number; ordered: number }[];
  /** Lines not added at all, with the reason. */
  skipped: { name: string; reason: string }[];
};

export async function reorderIntoCart(
  queryClient: QueryClient,
  order: AccountOrder,
): Promise<ReorderOutcome> {
  const outcome: ReorderOutcome = { units: 0, partial: [], skipped: [] };
  // One product ordered on two lines is one cart line.
  const wanted = new Map<number, { name: string; quantity: number }>();
  for (const item of order.items) {
    const name = itemDisplayName(item);
    if (item.productId === null) {
      outcome.skipped.push({ name, reason: 'no longer sold' });
      continue;
    }
    const entry = wanted.get(item.productId);
    if (entry) entry.quantity += item.quantity;
    else wanted.set(item.productId, { name, quantity: item.quantity });
  }

  for (const [productId, { name, quantity }] of wanted) {
    let product: ProductDetail | null;
    try {
      // Fresh from the server: today's price and stock, not what a cached page once said.
      product = await queryClient.fetchQuery({ ...productQueryOptions(String(productId)), staleTime: 0 });
    } catch {
      outcome.skipped.push({ name, reason: 'could not be loaded' });
      continue;
    }
    if (!product || product.active === false) {
      outcome.skipped.push({ name, reason: 'no longer available' });
      continue;
    }
    const inCart = getCart().items.find((i) => i.productId === productId)?.quantity ?? 0;
    const room = Math.max(0, product.stock - inCart);
    const adding = Math.min(quantity, room);
    if (adding <= 0) {
      outcome.skipped.push({
        name: product.name,
        reason: product.stock > 0 ? 'the most available is already in your cart' : 'out of stock',
      });
      continue;
    }
    if (!addItem(cartItemFromProduct(product), adding, { notify: false })) {
      outcome.skipped.push({ name: product.name, reason: 'could not be added' });
      continue;
    }
    outcome.units += adding;
    if (adding < quantity) outcome.partial.push({ name: product.name, added: adding, ordered: quantity });
  }
  return outcome;
}

/** What the toast says about the lines that were not (fully) added. */
export function describeShortfall(outcome: ReorderOutcome): string {
  const parts = [
    ...outcome.partial.map((p) => `only ${p.added} of ${p.ordered} × ${p.name} (limited stock)`),
    ...outcome.skipped.map((s) => `${s.name} (${s.reason})`),
  ];
  return parts.length ? `Not added: ${parts.join('; ')}.` : '';
}

/** Runs a re-order and reports it; true when something went into the cart (the caller goes to /cart). */
export async function reorderWithToast(queryClient: QueryClient, order: AccountOrder): Promise<boolean> {
  const outcome = await reorderIntoCart(queryClient, order);
  const shortfall = describeShortfall(outcome);
  if (outcome.units === 0) {
    toast({
      title: 'Could not re-order',
      description:
        `None of the items from order #${order.id} could be added to your cart. ${shortfall}`.trim(),
      variant: 'destructive',
    });
    return false;
  }
  toast({
    title: 'Items added to cart',
    description:
      `${outcome.units} item${outcome.units === 1 ? '' : 's'} from order #${order.id} added to your cart at today's prices. ${shortfall}`.trim(),
  });
  return true;
}
