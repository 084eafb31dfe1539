// 'Link User': search users by e-mail, then link the order to one of them (a guest's order joins the
// customer's account). Messages are the specification's,
// word for word.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import type { AdminOrder } from '~/shared/schemas/admin-orders';
import type { UserSearchResult } from '~/shared/schemas/admin-users';
import { Button } from '~/client/components/ui/button';
import { toast } from '~/client/components/ui/toast-store';
import { ApiError } from '~/client/lib/api';
import { Dialog } from '~/client/components/ui/dialog';
import { inputClasses } from '~/client/components/ui/form-fields';
import { searchUsersByEmail } from '~/client/features/admin-users';
import { adminOrderQueryOptions, associateOrder, refreshOrders } from './api';

export const NO_USERS_FOUND = 'No users found with that email address';

export function LinkUserDialog({ order, onClose }: { order: AdminOrder; onClose: () => void }) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const [email, setEmail] = useState(order.user ? '' : order.customerEmail);
  const [results, setResults] = useState<UserSearchResult[] | null>(null);

  const search = useMutation({
    mutationFn: (text: string) => searchUsersByEmail(text),
    onSuccess: (users) => setResults(users),
    onError: () => {
      setResults(null);
      toast({
        title: 'Error searching for users',
        description: 'Could not find users with that email',
        variant: 'destructive',
      });
    },
  });

  const link = useMutation({
    mutationFn: (user: UserSearchResult) => associateOrder(order.id, user.id),
    onSuccess: async (detail, user) => {
      queryClient.setQueryData(adminOrderQueryOptions(order.id).queryKey, detail);
      toast({ title: 'Order linked', description: `Order #${order.id} is now linked to ${user.username}.` });
      await refreshOrders(queryClient);
      onClose();
    },
    onError: (error) =>
      toast({
        title: 'Failed to associate order with user',
        description: (error instanceof ApiError && error.serverMessage) || undefined,
        variant: 'destructive',
      }),
  });

  function onSearch(event: FormEvent) {
    event.preventDefault();
    const text = email.trim();
    if (!text) return;
    search.mutate(text);
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !link.isPending) onClose();
      }}
      title={`Link User to Order #${order.id}`}
    >
      <div className="grid gap-4">
        <p className="text-sm text-slate-600">
          {order.user
            ? `Currently linked to ${order.user.username} (${order.user.email}).`
            : `Placed by ${order.customerName} (${order.customerEmail}) without an account.`}
        </p>
        <form className="flex gap-2" onSubmit={onSearch}>
          <div className="grid flex-1 gap-1">
            <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
              User email
            </label>
            <input
              id={inputId}
              type="search"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              placeholder="customer@example.com"
              className={inputClasses()}
            />
          </div>
          <Button type="submit" className="self-end" disabled={!email.trim()} pending={search.isPending}>
            Search
          </Button>
        </form>
        <div aria-live="polite">
          {results !== null && results.length === 0 && (
            <p className="text-sm text-slate-600">{NO_USERS_FOUND}</p>
          )}
          {results !== null && results.length > 0 && (
            <ul className="grid gap-2" aria-label="Matching users">
              {results.map((u) => (
                <li
                  key={u.id}
                  className="flex items-center justify-between gap-3 rounded-md border border-slate-200 px-3 py-2 text-sm"
                >
                  <div className="min-w-0">
                    <p className="font-medium">{u.username}</p>
                    <p className="truncate text-slate-600">{u.email}</p>
                  </div>
                  <Button
                    size="sm"
                    disabled={link.isPending || order.user?.id === u.id}
                    aria-label={`Link to ${u.username}`}
                    onClick={() => link.mutate(u)}
                  >
                    {link.isPending && link.variables?.id === u.id
                      ? 'Linking...'
                      : order.user?.id === u.id
                        ? 'Linked'
                        : 'Link'}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </Dialog>
  );
}
