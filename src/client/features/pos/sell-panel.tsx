// Ringing up a sale: add lots (scanner, camera, search), the basket and its totals, the customer's e-mail
// and receipt language, the tenders, then the receipt. Card parts wait for the terminal.
import { useState } from 'react';
import type { Locale } from '~/shared/i18n/locales';
import { toCents } from '~/shared/money';
import { Button } from '~/client/components/ui/button';
import { SelectField, TextField } from '~/client/components/ui/form-fields';
import { ApiError } from '~/client/lib/api';
import { useT } from '~/client/lib/i18n';
import { lookupCode, type PosProduct } from './api';
import { Basket } from './basket';
import type { QueueStorage } from './offline-queue';
import { POS } from './pos.messages';
import { SaleDone } from './sale-done';
import { ScanField } from './scan-field';
import { SearchLots } from './search-lots';
import { isPaid } from './tender-math';
import { draftsOf, type TenderRow, Tenders } from './tenders';
import { useBasket } from './use-basket';
import { useSaleSubmit } from './use-sale-submit';

const FIRST_TENDER: TenderRow[] = [{ key: 1, kind: 'cash', amount: '', code: '' }];

export function SellPanel({
  sessionId,
  storage,
  onQueued,
}: {
  sessionId: number;
  storage: QueueStorage;
  onQueued: () => void;
}) {
  const t = useT(POS);
  const basket = useBasket(sessionId);
  const [rows, setRows] = useState<TenderRow[]>(FIRST_TENDER);
  const [language, setLanguage] = useState<Locale>('en');
  const [notice, setNotice] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [choices, setChoices] = useState<PosProduct[]>([]);
  const submit = useSaleSubmit(storage, onQueued);

  const addProduct = (product: PosProduct) => {
    if (product.stock < 1) return setNotice(t('outOfStock', { name: product.name }));
    setNotice(
      product.heldOnline > 0 ? t('heldOnline', { name: product.name, count: product.heldOnline }) : null,
    );
    basket.add(product);
  };
  const addByCode = async (code: string) => {
    setAdding(true);
    try {
      const { products } = await lookupCode(code);
      setChoices(products.length > 1 ? products : []);
      if (products.length === 1) addProduct(products[0]!);
      else if (products.length === 0) setNotice(t('notFound', { code }));
    } catch (error) {
      setNotice(
        error instanceof ApiError && error.status !== 404
          ? (error.serverMessage ?? error.message)
          : t('notFound', { code }),
      );
    } finally {
      setAdding(false);
    }
  };
  const next = () => {
    basket.clear();
    setRows(FIRST_TENDER);
    setNotice(null);
    submit.reset();
  };

  const { outcome } = submit;
  if (outcome?.kind === 'sale' && outcome.sale.status !== 'awaiting_card')
    return <SaleDone sale={outcome.sale} email={basket.email} onNext={next} />;

  const total = basket.totals ? (toCents(basket.totals.total) ?? 0) : 0;
  const drafts = draftsOf(rows);
  const ready = Boolean(basket.totals) && !basket.quoting && isPaid(total, drafts);
  const complete = () =>
    void submit.submit(
      basket.request(),
      drafts,
      language,
      basket.lines.map((l) => l.product.name),
      basket.totals!.total,
    );

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="grid content-start gap-4">
        <ScanField onCode={addByCode} busy={adding} />
        {notice && (
          <p role="alert" className="rounded bg-amber-50 p-2 text-sm text-amber-900">
            {notice}
          </p>
        )}
        {choices.map((product) => (
          <Button
            key={product.id}
            variant="outline"
            onClick={() => {
              setChoices([]);
              addProduct(product);
            }}
          >
            {product.name} · {product.sku}
          </Button>
        ))}
        <SearchLots onPick={addProduct} />
        <Basket basket={basket} />
      </div>
      <div className="grid content-start gap-4">
        <TextField
          label={t('customerEmail')}
          type="email"
          value={basket.email}
          onChange={(e) => basket.setEmail(e.target.value)}
        />
        <SelectField
          label={t('receiptLanguage')}
          value={language}
          onChange={(e) => setLanguage(e.target.value as Locale)}
        >
          <option value="en">{t('english')}</option>
          <option value="fr">{t('french')}</option>
        </SelectField>
        <Tenders total={total} rows={rows} onChange={setRows} />
        {outcome?.kind === 'queued' && <p role="status">{t('savedOffline')}</p>}
        {outcome?.kind === 'cancelled' && <p role="status">{t('cardCancelled')}</p>}
        {outcome?.kind === 'error' && (
          <p role="alert" className="text-sm text-red-700">
            {outcome.message === 'network' ? t('cardNeedsNetwork') : outcome.message}
          </p>
        )}
        {submit.awaiting ? (
          <div className="grid gap-2" role="status">
            <p>{t('awaitingCard', { status: submit.awaiting.terminalCheckout?.status ?? '' })}</p>
            {submit.cancelFailed && <p className="text-sm text-red-700">{t('cardCancelFailed')}</p>}
            <Button variant="destructive" onClick={() => void submit.cancelCard()}>
              {t('cancelCard')}
            </Button>
          </div>
        ) : outcome?.kind === 'queued' ? (
          <Button size="lg" onClick={next}>
            {t('newSale')}
          </Button>
        ) : (
          <Button
            size="lg"
            disabled={!ready}
            pending={submit.pending}
            pendingLabel={t('completing')}
            onClick={complete}
          >
            {t('complete')}
          </Button>
        )}
      </div>
    </div>
  );
}
