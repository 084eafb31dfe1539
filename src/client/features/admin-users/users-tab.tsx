// User Management (/admin/users): search, a paged table with the 'You' badge on the signed-in
// administrator's row, 'Add User', edit, and delete with confirmation. A failed load offers 'Try Again'.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ADMIN_USERS_PAGE_SIZE, type AdminUser } from '~/shared/schemas/admin-users';
import { Button, buttonClasses } from '~/client/components/ui/button';
import { toast } from '~/client/components/ui/toast-store';
import { ApiError } from '~/client/lib/api';
import { meQueryOptions } from '~/client/features/auth';
import { ConfirmDialog } from '~/client/components/ui/confirm-dialog';
import { inputClasses } from '~/client/components/ui/form-fields';
import { Pager } from '~/client/components/ui/pager';
import { useSearchBox } from '~/client/components/ui/use-search-box';
import { DataTable } from '~/client/components/ui/table';
import { adminUsersQueryOptions, deleteUser, refreshUsers } from './api';
import { UserFormDialog } from './user-form-dialog';

type Editing = { user: AdminUser | null } | null;

const COLUMNS = ['Username', 'Email', 'Phone', 'Role', 'Orders', 'Joined', 'Actions'];

function joined(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? '—'
    : d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

export default function UsersTab() {
  const queryClient = useQueryClient();
  const me = useQuery(meQueryOptions());
  const currentUserId = me.data?.id ?? null;
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);

  // Searching waits for a pause in typing, and starts again at page 1 (only when the search changed).
  const { text: searchText, setText: setSearchText } = useSearchBox(search, (next) => {
    setSearch(next);
    setPage(1);
  });

  const list = useQuery({
    ...adminUsersQueryOptions(page, ADMIN_USERS_PAGE_SIZE, search),
    placeholderData: keepPreviousData,
  });
  const total = list.data?.total ?? 0;
  const items = list.data?.items ?? [];

  const remove = useMutation({
    mutationFn: (user: AdminUser) => deleteUser(user.id),
    onSuccess: async (result, user) => {
      setDeleting(null);
      toast({
        title: 'User Deleted',
        description:
          result.detachedOrders > 0
            ? `${user.username} has been deleted. Their ${result.detachedOrders} order${result.detachedOrders === 1 ? ' is' : 's are'} kept without an account.`
            : `${user.username} has been deleted.`,
      });
      await refreshUsers(queryClient);
    },
    onError: (error) =>
      toast({
        title: 'Failed to Delete User',
        description: (error instanceof ApiError && error.serverMessage) || 'The user could not be deleted.',
        variant: 'destructive',
      }),
  });

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">User Management</h2>
        <div className="flex flex-wrap gap-2">
          {/* Newsletter subscribers are people too; staff look for them beside the users. */}
          <a href="/api/subscribers/export" download className={buttonClasses('outline')}>
            Export Subscribers (CSV)
          </a>
          <Button onClick={() => setEditing({ user: null })}>Add User</Button>
        </div>
      </div>
      <div className="max-w-md">
        <label htmlFor="admin-user-search" className="sr-only">
          Search users by username or email
        </label>
        <input
          id="admin-user-search"
          type="search"
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          placeholder="Search users by username or email..."
          className={inputClasses()}
        />
      </div>
      <DataTable
        columns={COLUMNS}
        minWidthClassName="min-w-[760px]"
        error={
          list.isError
            ? {
                title: 'Failed to load users',
                message:
                  (list.error instanceof ApiError && list.error.serverMessage) ||
                  'The user list could not be loaded.',
                onRetry: () => list.refetch(),
              }
            : null
        }
        pending={list.isPending}
        empty={items.length === 0}
        emptyText={search ? `No users match "${search}".` : 'No users yet.'}
      >
        {items.map((u) => {
          const isSelf = u.id === currentUserId;
          return (
            <tr key={u.id} className="border-t border-slate-100" data-testid="admin-user-row">
              <td className="px-3 py-2 font-medium">
                {u.username}
                {isSelf && (
                  <span className="ml-2 rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">
                    You
                  </span>
                )}
              </td>
              <td className="px-3 py-2 break-all">{u.email}</td>
              <td className="px-3 py-2">{u.phone ?? <span className="text-slate-500">—</span>}</td>
              <td className="px-3 py-2">
                {u.role === 'admin' ? (
                  <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                    Admin
                  </span>
                ) : u.role === 'staff' ? (
                  <span className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900">
                    Staff
                  </span>
                ) : (
                  <span className="text-slate-600">Customer</span>
                )}
              </td>
              <td className="px-3 py-2">{u.orderCount}</td>
              <td className="px-3 py-2 whitespace-nowrap">{joined(u.createdAt)}</td>
              <td className="px-3 py-2">
                <div className="flex justify-end gap-1">
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Edit ${u.username}`}
                    onClick={() => setEditing({ user: u })}
                  >
                    Edit
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="text-red-700 hover:bg-red-50"
                    aria-label={`Delete ${u.username}`}
                    disabled={isSelf}
                    title={isSelf ? 'You cannot delete your own account' : undefined}
                    onClick={() => setDeleting(u)}
                  >
                    Delete
                  </Button>
                </div>
              </td>
            </tr>
          );
        })}
      </DataTable>
      <Pager
        page={page}
        pageSize={ADMIN_USERS_PAGE_SIZE}
        total={total}
        onPageChange={setPage}
        summary={`${total.toLocaleString('en-US')} user${total === 1 ? '' : 's'}`}
      />
      {editing && (
        <UserFormDialog
          key={editing.user?.id ?? 'new'}
          user={editing.user}
          currentUserId={currentUserId}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete user?"
        message={
          deleting
            ? `Are you sure you want to delete "${deleting.username}"? Their orders are kept but no longer linked to an account. This action cannot be undone.`
            : ''
        }
        pending={remove.isPending}
        pendingLabel="Deleting..."
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </div>
  );
}
