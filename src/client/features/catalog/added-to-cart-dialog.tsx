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

export function AddedToCartDialog({
  open,
  onOpenChange,
  productName,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  productName: string;
}) {
  return (
    <DialogRoot open={open} onOpenChange={onOpenChange}>
      <DialogContent className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
        <DialogTitle className="text-lg font-semibold">Item Added to Cart</DialogTitle>
        <DialogDescription className="mt-2 text-slate-600">
          {productName} has been added to your cart.
        </DialogDescription>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Link to="/products" className={buttonClasses('outline')} onClick={() => onOpenChange(false)}>
            Continue Shopping
          </Link>
          <Link to="/cart" className={buttonClasses('primary')} onClick={() => onOpenChange(false)}>
            Go to Cart
          </Link>
        </div>
        <DialogCloseIcon className="absolute top-2 right-2" />
      </DialogContent>
    </DialogRoot>
  );
}
