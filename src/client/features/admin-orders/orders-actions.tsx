// The order screen's header buttons: shipping from a CSV of tracking numbers, and the e-mail outbox and the
// CSV export (customers' personal data), each shown only to whoever may use it
// (docs/decisions/0459-staff-permissions.md). The server refuses the rest.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, buttonClasses } from '~/client/components/ui/button';
import { meQueryOptions } from '~/client/features/auth';
import { BulkShipDialog } from './bulk-ship-dialog';
import { ALL_PERMISSIONS, NO_PERMISSIONS, type Permissions } from '~/shared/permissions';

/** The signed-in person's permissions; an answer without them: an administrator's all, anyone else's none. */
export function usePermissions(): Permissions {
  const { data: me } = useQuery(meQueryOptions());
  if (!me) return NO_PERMISSIONS;
  return me.permissions ?? (me.role === 'admin' ? ALL_PERMISSIONS : NO_PERMISSIONS);
}

export function OrdersActions({
  showEmails,
  onToggleEmails,
  showDrafts = false,
  onToggleDrafts,
  exportHref,
}: {
  showEmails: boolean;
  onToggleEmails: () => void;
  /** The Draft orders section (orders taken by phone or message). */
  showDrafts?: boolean;
  onToggleDrafts?: () => void;
  exportHref: string;
}) {
  const may = usePermissions();
  const [shipping, setShipping] = useState(false);
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" onClick={() => setShipping(true)}>
        Ship from CSV
      </Button>
      {shipping && <BulkShipDialog open onOpenChange={setShipping} />}
      {onToggleDrafts && (
        <Button variant="outline" aria-expanded={showDrafts} onClick={onToggleDrafts}>
          {showDrafts ? 'Hide Draft orders' : 'Draft orders'}
        </Button>
      )}
      {may.readEmails && (
        <Button variant="outline" aria-expanded={showEmails} onClick={onToggleEmails}>
          {showEmails ? 'Hide E-mails' : 'E-mails'}
        </Button>
      )}
      {may.exportCustomers && (
        <a href={exportHref} download className={buttonClasses('outline')}>
          Export CSV
        </a>
      )}
    </div>
  );
}
