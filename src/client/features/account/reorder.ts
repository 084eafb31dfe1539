// Re-order: the order's products go back into the cart at TODAY's prices, never more than is in
// stock now; what could not be added is said, not silently dropped.
import type { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { Locale } from '~/shared/i18n/locales';
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
  /** Lines not added at all, with the reason (a key of the account messages). */
  skipped: { name: string; reason: SkipReason }[];
};

type SkipReason =
  | 'reasonNoLongerSold'
  | 'reasonNotLoaded'
  | 'reasonNoLongerAvailable'
  | 'reasonMostInCart'
  | 'reasonOutOfStock'
  | 'reasonNotAdded';

export async function reorderIntoCart(
  queryClient: QueryClient,
  order: AccountOrder,
  locale: Locale = 'en',
): Promise<ReorderOutcome> {
  const outcome: ReorderOutcome = { units: 0, partial: [], skipped: [] };
  // One product ordered on two lines is one cart line.
  const wanted = new Map<number, { name: string; quantity: number }>();
  for (const item of order.items) {
    const name = itemDisplayName(item, locale);
    if (item.productId === null) {
      outcome.skipped.push({ name, reason: 'reasonNoLongerSold' });
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
      outcome.skipped.push({ name, reason: 'reasonNotLoaded' });
      continue;
    }
    if (!product || product.active === false) {
      outcome.skipped.push({ name, reason: 'reasonNoLongerAvailable' });
      continue;
    }
    const inCart = getCart().items.find((i) => i.productId === productId)?.quantity ?? 0;
    const room = Math.max(0, product.stock - inCart);
    const adding = Math.min(quantity, room);
    if (adding <= 0) {
      outcome.skipped.push({
        name: product.name,
        reason: product.stock > 0 ? 'reasonMostInCart' : 'reasonOutOfStock',
      });
      continue;
    }
    if (!addItem(cartItemFromProduct(product), adding, { notify: false })) {
      outcome.skipped.push({ name: product.name, reason: 'reasonNotAdded' });
      continue;
    }
    outcome.units += adding;
    if (adding < quantity) outcome.partial.push({ name: product.name, added: adding, ordered: quantity });
  }
  return outcome;
}

/** What the toast says about the lines that were not (fully) added; `t` reads the account messages. */
export function describeShortfall(outcome: ReorderOutcome, t: TFunction): string {
  const parts = [
    ...outcome.partial.map((p) =>
      t('shortfallPartial', { added: p.added, ordered: p.ordered, name: p.name }),
    ),
    ...outcome.skipped.map((s) => t('shortfallSkipped', { name: s.name, reason: t(s.reason) })),
  ];
  return parts.length ? t('notAdded', { list: parts.join('; ') }) : '';
}

/** Runs a re-order and reports it; true when something went into the cart (the caller goes to /cart). */
export async function reorderWithToast(
  queryClient: QueryClient,
  order: AccountOrder,
  t: TFunction,
  locale: Locale,
): Promise<boolean> {
  const outcome = await reorderIntoCart(queryClient, order, locale);
  const shortfall = describeShortfall(outcome, t);
  if (outcome.units === 0) {
    toast({
      title: t('reorderFailedTitle'),
      description: `${t('reorderFailedText', { id: order.id })} ${shortfall}`.trim(),
      variant: 'destructive',
    });
    return false;
  }
  toast({
    title: t('reorderedTitle'),
    description: `${t('reorderedText', { count: outcome.units, id: order.id })} ${shortfall}`.trim(),
  });
  return true;
}
