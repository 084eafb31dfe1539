// The specification's fetch errors ('Failed to fetch today's discount', ...) are destructive toasts,
// shown once per failure.
import { useEffect } from 'react';
import { toast } from './toast-store';

export function useFetchErrorToast(error: Error | null | undefined): void {
  useEffect(() => {
    if (error) toast({ title: error.message, variant: 'destructive' });
  }, [error]);
}
