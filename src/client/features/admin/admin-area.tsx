// The admin chunk's entry: the admin login screen for anyone who is not a signed-in administrator,
// otherwise the dashboard with its tabs. The server checks every admin call on its own; this screen
// only decides what to show.
import { useQuery } from '@tanstack/react-query';
import { meQueryOptions } from '~/client/features/auth';
import { AdminLogin } from './admin-login';
import { AdminShell } from './admin-shell';
import { AdminLoading } from './admin-loading';
import type { AdminTab } from './tabs';

export default function AdminArea({ tab }: { tab: AdminTab }) {
  const me = useQuery(meQueryOptions());
  if (me.isPending) return <AdminLoading />;
  const user = me.data ?? null;
  if (!user?.isAdmin) return <AdminLogin signedInCustomer={user} />;
  return <AdminShell tab={tab} user={user} />;
}
