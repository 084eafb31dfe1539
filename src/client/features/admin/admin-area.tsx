// The admin chunk's entry: the admin login screen for anyone who is not signed in as staff or an
// administrator, otherwise the admin area with the tabs of their role. The server checks every admin call on its own; this screen
// only decides what to show.
import { useQuery } from '@tanstack/react-query';
import { worksInAdmin } from '~/shared/roles';
import { meQueryOptions } from '~/client/features/auth';
import { AdminLogin } from './admin-login';
import { AdminShell } from './admin-shell';
import { AdminLoading } from './admin-loading';
import type { AdminTab } from './tabs';

export default function AdminArea({ tab }: { tab: AdminTab }) {
  const me = useQuery(meQueryOptions());
  if (me.isPending) return <AdminLoading />;
  const user = me.data ?? null;
  if (!worksInAdmin(user?.role)) return <AdminLogin signedInCustomer={user} />;
  return <AdminShell tab={tab} user={user!} />;
}
