// The till (/pos; docs/decisions/0610-till-page.md), a chunk of its own that shoppers never download:
// staff with the till permission choose a register and open a session, then sell, manage the drawer and
// close. The server checks the permission on every call; this page only decides what to show.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { worksInAdmin } from '~/shared/roles';
import type { PosSession } from '~/shared/schemas/pos';
import { Button } from '~/client/components/ui/button';
import { PageSpinner } from '~/client/components/ui/page-spinner';
import { meQueryOptions } from '~/client/features/auth';
import { useT } from '~/client/lib/i18n';
import { ClosePanel } from './close-panel';
import { DrawerPanel } from './drawer-panel';
import { indexedDbStorage, type QueueStorage } from './offline-queue';
import { OpenSession } from './open-session';
import { PendingSales, usePendingSales } from './pending-sales';
import { PickupPanel } from './pickup-panel';
import { POS } from './pos.messages';
import { POS_RETURNS } from './pos-returns.messages';
import { ReturnsPanel } from './returns-panel';
import { SellPanel } from './sell-panel';

type Tab = 'sell' | 'returns' | 'drawer' | 'pickup' | 'close';
const SESSION_KEY = 'pos-session';

function Till({
  session,
  storage,
  onEnd,
}: {
  session: PosSession;
  storage: QueueStorage;
  onEnd: () => void;
}) {
  const t = useT(POS);
  const tReturns = useT(POS_RETURNS);
  const [tab, setTab] = useState<Tab>('sell');
  const pending = usePendingSales(storage);
  const tabs: [Tab, string][] = [
    ['sell', t('tabSell')],
    ['returns', tReturns('tabReturns')],
    ['drawer', t('tabDrawer')],
    ['pickup', t('tabPickup')],
    ['close', t('closeSession')],
  ];
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600">
          {t('sessionLine', { register: session.registerName, id: session.id, by: session.openedBy })}
        </p>
        <nav className="flex gap-1" aria-label={t('title')}>
          {tabs.map(([key, label]) => (
            <Button
              key={key}
              size="sm"
              variant={tab === key ? 'primary' : 'outline'}
              aria-current={tab === key ? 'page' : undefined}
              onClick={() => setTab(key)}
            >
              {label}
            </Button>
          ))}
        </nav>
      </div>
      <PendingSales state={pending} />
      {tab === 'sell' && (
        <SellPanel sessionId={session.id} storage={storage} onQueued={() => void pending.refresh()} />
      )}
      {tab === 'returns' && <ReturnsPanel sessionId={session.id} />}
      {tab === 'drawer' && <DrawerPanel sessionId={session.id} />}
      {tab === 'pickup' && <PickupPanel />}
      {tab === 'close' && <ClosePanel sessionId={session.id} onClosed={onEnd} />}
    </div>
  );
}

export default function PosPage({ storage = indexedDbStorage() }: { storage?: QueueStorage }) {
  const t = useT(POS);
  const me = useQuery(meQueryOptions());
  const [session, setSession] = useState<PosSession | null>(null);
  const [queue] = useState(() => storage);
  if (me.isPending) return <PageSpinner label={t('loading')} />;
  if (!worksInAdmin(me.data?.role)) {
    return (
      <div className="grid gap-3">
        <p>{t('signIn')}</p>
        <Link className="text-brand-700 underline" to="/admin">
          {t('signInLink')}
        </Link>
      </div>
    );
  }
  const open = (s: PosSession) => {
    window.sessionStorage.setItem(SESSION_KEY, String(s.id));
    setSession(s);
  };
  const end = () => {
    window.sessionStorage.removeItem(SESSION_KEY);
    setSession(null);
  };
  return (
    <div className="grid gap-4">
      <h1 className="text-2xl font-semibold">{t('title')}</h1>
      {session ? <Till session={session} storage={queue} onEnd={end} /> : <OpenSession onOpen={open} />}
    </div>
  );
}
