// After a sale: the receipt, printed from the browser on the receipt printer or e-mailed, then the next sale.
import { useState } from 'react';
import { Button } from '~/client/components/ui/button';
import { TextField } from '~/client/components/ui/form-fields';
import { toast } from '~/client/components/ui/toast-store';
import { ApiError } from '~/client/lib/api';
import { useT } from '~/client/lib/i18n';
import type { PosSale } from '~/shared/schemas/pos';
import { emailReceipt } from './api';
import { POS } from './pos.messages';
import { Receipt } from './receipt';

export function SaleDone({ sale, email, onNext }: { sale: PosSale; email: string; onNext: () => void }) {
  const t = useT(POS);
  const [to, setTo] = useState(email);
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    try {
      await emailReceipt(sale.id, to.trim() || undefined);
      toast({ title: t('emailSent') });
    } catch (error) {
      toast({
        title: error instanceof ApiError ? (error.serverMessage ?? error.message) : String(error),
        variant: 'destructive',
      });
    } finally {
      setSending(false);
    }
  };
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Receipt sale={sale} />
      <div className="grid content-start gap-3">
        <Button size="lg" onClick={() => window.print()}>
          {t('printReceipt')}
        </Button>
        <TextField
          label={t('customerEmail')}
          type="email"
          value={to}
          onChange={(e) => setTo(e.target.value)}
        />
        <Button size="lg" variant="secondary" pending={sending} onClick={() => void send()}>
          {t('emailReceipt')}
        </Button>
        <Button size="lg" variant="outline" onClick={onNext}>
          {t('newSale')}
        </Button>
      </div>
    </div>
  );
}
