// Daily Discount Settings: a weekday card (Sunday to Saturday) and a category card. Percentages are
// clamped to an integer 0..100 as they are typed out (and again by the server); non-numbers become 0.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { WEEKDAYS } from '~/shared/constants';
import { clampPercent } from '~/shared/schemas/admin-discounts';
import { Button } from '~/client/components/ui/button';
import { Skeleton } from '~/client/components/ui/skeleton';
import { toast } from '~/client/components/ui/toast-store';
import { apiRequest } from '~/client/lib/api';
import { categoryDiscountsQueryOptions, refreshDiscounts, weekdayDiscountsQueryOptions } from './api';
import { Card } from '~/client/components/ui/card';
import { LoadError } from '~/client/components/ui/load-error';
import { MarkdownRulesCard } from './markdown-rules-card';
import { DiscountCodesCard } from './discount-codes-card';

function PercentInput({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="flex items-center justify-between gap-3 py-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex items-center gap-1">
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          step={1}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={(e) => onChange(String(clampPercent(e.target.value)))}
          className="h-9 w-20 rounded-md border border-slate-300 px-2 text-right text-sm"
        />
        <span aria-hidden="true" className="text-sm text-slate-600">
          %
        </span>
      </div>
    </div>
  );
}

type Window = { startsAt: string; endsAt: string };
const ALWAYS: Window = { startsAt: '', endsAt: '' };
const windowOf = (d: { startsAt?: string | null; endsAt?: string | null } | undefined): Window => ({
  startsAt: d?.startsAt ?? '',
  endsAt: d?.endsAt ?? '',
});
/** Blank is "always on" (null); times are the store's wall clock (docs/decisions/0552-scheduled-discounts.md). */
const windowBody = (w: Window = ALWAYS) => ({ startsAt: w.startsAt || null, endsAt: w.endsAt || null });

/** A discount's optional start and end, in store time; both blank: always on. */
function WindowInputs({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: Window;
  onChange: (value: Window) => void;
}) {
  const input = (key: keyof Window, text: string) => (
    <label htmlFor={`${id}-${key}`} className="grid gap-0.5 text-xs text-slate-600">
      {text}
      <input
        id={`${id}-${key}`}
        type="datetime-local"
        aria-label={`${label} ${key === 'startsAt' ? 'starts' : 'ends'} (store time)`}
        value={value[key]}
        onChange={(e) => onChange({ ...value, [key]: e.target.value })}
        className="h-8 rounded-md border border-slate-300 px-2 text-sm"
      />
    </label>
  );
  return (
    <div className="flex flex-wrap justify-end gap-2 pb-2">
      {input('startsAt', 'Starts')}
      {input('endsAt', 'Ends')}
    </div>
  );
}

function WeekdayCard() {
  const queryClient = useQueryClient();
  const query = useQuery(weekdayDiscountsQueryOptions());
  const [values, setValues] = useState<string[]>(WEEKDAYS.map(() => '0'));
  const [windows, setWindows] = useState<Window[]>(WEEKDAYS.map(() => ALWAYS));
  useEffect(() => {
    if (query.data) {
      setValues(WEEKDAYS.map((_, day) => String(query.data.find((d) => d.day === day)?.percentage ?? 0)));
      setWindows(WEEKDAYS.map((_, day) => windowOf(query.data.find((d) => d.day === day))));
    }
  }, [query.data]);
  const save = useMutation({
    mutationFn: () =>
      apiRequest('PUT', '/api/discounts/weekday', {
        discounts: values.map((v, day) => ({
          day,
          percentage: clampPercent(v),
          ...windowBody(windows[day]),
        })),
      }),
    onSuccess: async () => {
      toast({ title: 'Success', description: 'Weekday discounts saved.' });
      await refreshDiscounts(queryClient);
    },
    onError: () =>
      toast({ title: 'Error', description: 'Failed to save weekday discounts', variant: 'destructive' }),
  });

  return (
    <Card
      title="Weekday Discounts"
      description="A site-wide percentage for each day of the week, applied to products that take the daily discount."
    >
      {query.isError ? (
        <LoadError
          title="Failed to load weekday discounts"
          message="Please try again."
          onRetry={() => query.refetch()}
        />
      ) : query.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setValues((v) => v.map((x) => String(clampPercent(x))));
            save.mutate();
          }}
        >
          <div className="divide-y divide-slate-100">
            {WEEKDAYS.map((name, day) => (
              <div key={name}>
                <PercentInput
                  id={`weekday-${day}`}
                  label={name}
                  value={values[day]!}
                  onChange={(v) => setValues((all) => all.map((x, i) => (i === day ? v : x)))}
                />
                <WindowInputs
                  id={`weekday-${day}-window`}
                  label={name}
                  value={windows[day] ?? ALWAYS}
                  onChange={(w) => setWindows((all) => all.map((x, i) => (i === day ? w : x)))}
                />
              </div>
            ))}
          </div>
          <Button type="submit" className="mt-4" pending={save.isPending}>
            Save Weekday Discounts
          </Button>
        </form>
      )}
    </Card>
  );
}

function CategoryCard() {
  const queryClient = useQueryClient();
  const query = useQuery(categoryDiscountsQueryOptions());
  const [values, setValues] = useState<Record<number, string>>({});
  const [windows, setWindows] = useState<Record<number, Window>>({});
  useEffect(() => {
    if (query.data) {
      setValues(Object.fromEntries(query.data.map((c) => [c.categoryId, String(c.percentage)])));
      setWindows(Object.fromEntries(query.data.map((c) => [c.categoryId, windowOf(c)])));
    }
  }, [query.data]);
  const save = useMutation({
    mutationFn: () =>
      apiRequest('PUT', '/api/discounts/category', {
        discounts: Object.entries(values).map(([categoryId, v]) => ({
          categoryId: Number(categoryId),
          percentage: clampPercent(v),
          ...windowBody(windows[Number(categoryId)]),
        })),
      }),
    onSuccess: async () => {
      toast({ title: 'Success', description: 'Category discounts saved.' });
      await refreshDiscounts(queryClient);
    },
    onError: () =>
      toast({ title: 'Error', description: 'Failed to save category discounts', variant: 'destructive' }),
  });

  return (
    <Card
      title="Category Discounts"
      description="When a category's percentage is larger than the day's, its products take the category's; a lot never takes both. Leave Starts and Ends blank for always on: a weekend sale starts and stops by itself at its times (store time)."
    >
      {query.isError ? (
        <LoadError
          title="Failed to load category discounts"
          message="Please try again."
          onRetry={() => query.refetch()}
        />
      ) : query.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : query.data.length === 0 ? (
        <p className="text-sm text-slate-600">No categories yet.</p>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setValues((v) =>
              Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(clampPercent(x))])),
            );
            save.mutate();
          }}
        >
          <div className="divide-y divide-slate-100">
            {query.data.map((c) => (
              <div key={c.categoryId}>
                <PercentInput
                  id={`category-${c.categoryId}`}
                  label={c.categoryName}
                  value={values[c.categoryId] ?? '0'}
                  onChange={(v) => setValues((all) => ({ ...all, [c.categoryId]: v }))}
                />
                <WindowInputs
                  id={`category-${c.categoryId}-window`}
                  label={c.categoryName}
                  value={windows[c.categoryId] ?? ALWAYS}
                  onChange={(w) => setWindows((all) => ({ ...all, [c.categoryId]: w }))}
                />
              </div>
            ))}
          </div>
          <Button type="submit" className="mt-4" pending={save.isPending}>
            Save Category Discounts
          </Button>
        </form>
      )}
    </Card>
  );
}

export default function DiscountsTab() {
  return (
    <div className="grid gap-4">
      <h2 className="text-xl font-semibold">Daily Discount Settings</h2>
      <div className="grid gap-4 lg:grid-cols-2">
        <WeekdayCard />
        <CategoryCard />
      </div>
      <MarkdownRulesCard />
      <DiscountCodesCard />
    </div>
  );
}
