import { type Dispatch, type SetStateAction, useId } from 'react';
import { formatNumber } from '~/shared/i18n/formats';
import { useLocale, useT } from '~/client/lib/i18n';
import { Button } from './button';
import { inputClasses } from './form-fields';
import { uiMessages } from './ui.messages';

/**
 * Below a paged table: what is shown (in a polite live region, empty when there is nothing) and
 * Previous / 'Page {page} of {pages}' / Next. The summary reads 'Showing {from}–{to} of {total} {noun}'
 * unless `summary` says otherwise. With `pageSizes` and `onPageSizeChange`, a 'Rows per page' choice too.
 */
export function Pager({
  page,
  pageSize,
  total,
  onPageChange,
  noun,
  summary,
  pageSizes,
  onPageSizeChange,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: Dispatch<SetStateAction<number>>;
  pageSizes?: readonly number[];
  onPageSizeChange?: (size: number) => void;
} & ({ noun: string; summary?: undefined } | { noun?: undefined; summary: string })) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  const sizeId = useId();
  const t = useT(uiMessages);
  const locale = useLocale();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
      <p aria-live="polite">
        {total > 0 ? (summary ?? t('showing', { from, to, total: formatNumber(total, locale), noun })) : ''}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {pageSizes && onPageSizeChange && (
          <>
            <label htmlFor={sizeId}>{t('rowsPerPage')}</label>
            <select
              id={sizeId}
              value={pageSize}
              onChange={(e) => onPageSizeChange(Number(e.target.value))}
              className={inputClasses()}
            >
              {pageSizes.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </>
        )}
        <Button
          variant="outline"
          size="sm"
          disabled={page <= 1}
          onClick={() => onPageChange((p) => Math.max(1, p - 1))}
        >
          {t('previous')}
        </Button>
        <span>{t('pageOf', { page, pages })}</span>
        <Button
          variant="outline"
          size="sm"
          disabled={page >= pages}
          onClick={() => onPageChange((p) => Math.min(pages, p + 1))}
        >
          {t('next')}
        </Button>
      </div>
    </div>
  );
}
