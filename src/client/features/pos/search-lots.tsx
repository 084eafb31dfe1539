// Finding a lot by name when it has no label to scan: tap a result to add it.
import { type FormEvent, useState } from 'react';
import { Button } from '~/client/components/ui/button';
import { TextField } from '~/client/components/ui/form-fields';
import { useLocale, useT } from '~/client/lib/i18n';
import { formatMoney } from '~/shared/money';
import { type PosProduct, searchProducts } from './api';
import { POS } from './pos.messages';

export function SearchLots({ onPick }: { onPick: (product: PosProduct) => void }) {
  const t = useT(POS);
  const locale = useLocale();
  const [q, setQ] = useState('');
  const [results, setResults] = useState<PosProduct[] | null>(null);
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!q.trim()) return;
    setBusy(true);
    try {
      setResults((await searchProducts(q.trim())).products);
    } catch {
      setResults([]);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="grid gap-2">
      <form className="flex items-end gap-2" onSubmit={(event) => void onSubmit(event)}>
        <TextField className="flex-1" label={t('search')} value={q} onChange={(e) => setQ(e.target.value)} />
        <Button type="submit" variant="secondary" pending={busy}>
          {t('searchButton')}
        </Button>
      </form>
      {results && results.length === 0 && <p role="status">{t('noResults')}</p>}
      {results && results.length > 0 && (
        <ul className="grid gap-1">
          {results.map((product) => (
            <li key={product.id}>
              <Button
                variant="outline"
                className="w-full justify-between"
                disabled={product.stock < 1}
                onClick={() => {
                  onPick(product);
                  setResults(null);
                  setQ('');
                }}
              >
                <span>
                  {product.name} · {product.sku}
                </span>
                <span>{formatMoney(product.price, locale)}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
