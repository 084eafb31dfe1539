// Markdowns by age (administrators): the steps ("after 14 days in stock, 10% off"), the floor, and
// whether the daily job applies them, validated with the shared schema the server uses
// (docs/decisions/0320-markdowns-lower-the-selling-price.md).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { type MarkdownRules, MarkdownRulesSchema } from '~/shared/markdowns';
import { Button } from '~/client/components/ui/button';
import { Card } from '~/client/components/ui/card';
import { SelectField, TextField } from '~/client/components/ui/form-fields';
import { LoadError } from '~/client/components/ui/load-error';
import { Skeleton } from '~/client/components/ui/skeleton';
import { Switch } from '~/client/components/ui/switch';
import { toast } from '~/client/components/ui/toast-store';
import { ApiError, apiRequest } from '~/client/lib/api';

const rulesQuery = () => queryOptions<MarkdownRules>({ queryKey: ['/api/markdown-rules'] });

type Draft = {
  enabled: boolean;
  steps: { days: string; percent: string }[];
  floorKind: string;
  floorPercent: string;
};

const toDraft = (rules: MarkdownRules): Draft => ({
  enabled: rules.enabled,
  steps: rules.steps.map((s) => ({ days: String(s.days), percent: String(s.percent) })),
  floorKind: rules.floor.kind,
  floorPercent: String(rules.floor.percent),
});

export function MarkdownRulesCard() {
  const queryClient = useQueryClient();
  const query = useQuery(rulesQuery());
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (query.data) setDraft(toDraft(query.data));
  }, [query.data]);

  const save = useMutation({
    mutationFn: (rules: MarkdownRules) => apiRequest<MarkdownRules>('PUT', '/api/markdown-rules', rules),
    onSuccess: (saved) => {
      queryClient.setQueryData(rulesQuery().queryKey, saved);
      toast({ title: 'Success', description: 'Markdown rules updated.' });
    },
    onError: (error) =>
      toast({
        title: 'Error updating markdown rules',
        description: (error instanceof ApiError && error.serverMessage) || 'Please try again.',
        variant: 'destructive',
      }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    const parsed = MarkdownRulesSchema.safeParse({
      enabled: draft.enabled,
      steps: draft.steps,
      floor: { kind: draft.floorKind, percent: draft.floorPercent },
    });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[issue.path.join('.')] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };

  const setStep = (i: number, field: 'days' | 'percent', value: string) =>
    setDraft((d) => d && { ...d, steps: d.steps.map((s, j) => (j === i ? { ...s, [field]: value } : s)) });

  return (
    <Card
      title="Markdowns by Age"
      description="The daily job lowers a product's price as it ages in stock, once per step, never below the floor. Each step is taken off the original price."
    >
      {query.isError ? (
        <LoadError
          title="Failed to fetch markdown rules"
          message="The markdown rules could not be loaded."
          onRetry={() => query.refetch()}
        />
      ) : !draft ? (
        <Skeleton className="h-48 w-full" />
      ) : (
        <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Markdown rules">
          <Switch
            label="Apply markdowns"
            checked={draft.enabled}
            onCheckedChange={(enabled) => setDraft({ ...draft, enabled })}
          />
          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium text-slate-800">Steps</legend>
            {draft.steps.length === 0 && <p className="text-sm text-slate-600">No steps yet.</p>}
            {draft.steps.map((step, i) => (
              <div key={i} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
                <TextField
                  label={`Step ${i + 1}: after days in stock`}
                  type="number"
                  inputMode="numeric"
                  min="1"
                  step="1"
                  value={step.days}
                  onChange={(e) => setStep(i, 'days', e.target.value)}
                  error={errors[`steps.${i}.days`]}
                />
                <TextField
                  label={`Step ${i + 1}: percent off`}
                  type="number"
                  inputMode="numeric"
                  min="1"
                  max="90"
                  step="1"
                  value={step.percent}
                  onChange={(e) => setStep(i, 'percent', e.target.value)}
                  error={errors[`steps.${i}.percent`]}
                />
                <Button
                  type="button"
                  variant="outline"
                  className="mt-6"
                  aria-label={`Remove step ${i + 1}`}
                  onClick={() => setDraft({ ...draft, steps: draft.steps.filter((_, j) => j !== i) })}
                >
                  Remove
                </Button>
              </div>
            ))}
            {errors.steps && <p className="text-sm text-red-700">{errors.steps}</p>}
            <div>
              <Button
                type="button"
                variant="outline"
                disabled={draft.steps.length >= 10}
                onClick={() => setDraft({ ...draft, steps: [...draft.steps, { days: '', percent: '' }] })}
              >
                Add Step
              </Button>
            </div>
          </fieldset>
          <div className="grid grid-cols-2 gap-4">
            <SelectField
              label="Never below"
              value={draft.floorKind}
              onChange={(e) => setDraft({ ...draft, floorKind: e.target.value })}
              error={errors['floor.kind']}
            >
              <option value="original">A percentage of the original price</option>
              <option value="cost">A percentage of the unit cost</option>
            </SelectField>
            <TextField
              label="Floor percentage"
              type="number"
              inputMode="numeric"
              min="0"
              step="1"
              hint={
                draft.floorKind === 'cost'
                  ? 'For example 120 for cost plus 20%. Products without a cost are not marked down.'
                  : 'For example 50 for half the original price.'
              }
              value={draft.floorPercent}
              onChange={(e) => setDraft({ ...draft, floorPercent: e.target.value })}
              error={errors['floor.percent']}
            />
          </div>
          <div>
            <Button type="submit" pending={save.isPending}>
              Save Markdown Rules
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
