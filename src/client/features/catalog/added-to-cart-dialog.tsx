// The product page's 'Item Added to Cart' dialog: a chunk of its own, fetched right after the page
// hydrates (src/client/lib/after-hydration.tsx), so Radix's dialog is not in the first download.
import { Link } from 'react-router';
import { buttonClasses } from '~/client/components/ui/button';
import {
  DialogCloseIcon,
  DialogContent,
  DialogDescription,
  DialogRoot,
  DialogTitle,
} from '~/client/components/ui/dialog';
import { useT } from '~/client/lib/i18n';
import { catalogMessages } from './catalog.messages';

export function AddedToCartDialog({
  open,
  onOpenChange,
  productName,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  productName: string;
}) {
  const t = useT(catalogMessages);
  return (
    <DialogRoot open={open} onOpenChange={onOpenChange}>
      <DialogContent className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
        <DialogTitle className="text-lg font-semibold">{t('itemAdded')}</DialogTitle>
        <DialogDescription className="mt-2 text-slate-600">
          {t('itemAddedDescription', { name: productName })}
        </DialogDescription>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Link to="/products" className={buttonClasses('outline')} onClick={() => onOpenChange(false)}>
            {t('continueShopping')}
          </Link>
          <Link to="/cart" className={buttonClasses('primary')} onClick={() => onOpenChange(false)}>
            {t('goToCart')}
          </Link>
        </div>
        <DialogCloseIcon className="absolute top-2 right-2" />
      </DialogContent>
    </DialogRoot>
  );
}
