// The fields of the product dialog, in the form's order: the product's own fields, both descriptions
// (French beside the English) and the flags. Labels, hints and messages are the shared schema's and the
// administration's (docs/decisions/0350-french-catalogue-fields.md).
import { useId } from 'react';
import type { FieldErrors, UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import type { ProductData } from '~/shared/schemas/admin-products';
import type { Category } from '~/shared/schemas/catalog';
import { PRODUCT_CONDITION_LABELS } from '~/shared/condition';
import { PRODUCT_CONDITIONS } from '~/shared/constants';
import { inputClasses, TextField } from '~/client/components/ui/form-fields';
import type { FormValues } from './product-form-values';

type Form = UseFormReturn<FormValues, unknown, ProductData>;
type Errors = FieldErrors<FormValues>;

const FLAGS = [
  ['featured', 'Featured'],
  ['new', 'New'],
  ['active', 'Active'],
  ['applyDailyDiscount', 'Apply daily discount'],
  ['finalSale', 'Final sale (no returns)'],
] as const;

export function ProductMainFields({
  form,
  errors,
  isNew,
  nameField,
  slugField,
  categoryOptions,
}: {
  form: Form;
  errors: Errors;
  isNew: boolean;
  nameField: UseFormRegisterReturn<'name'>;
  slugField: UseFormRegisterReturn<'slug'>;
  categoryOptions: Category[];
}) {
  const categoryFieldId = useId();
  const conditionFieldId = useId();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField label="Name" error={errors.name?.message} {...nameField} />
      {/* French beside the English (docs/decisions/0350-french-catalogue-fields.md): left empty, French pages show the English. */}
      <TextField
        label="Name (French)"
        lang="fr-CA"
        error={errors.nameFr?.message}
        hint="Shown on French pages; the English name shows when left empty."
        {...form.register('nameFr')}
      />
      <TextField
        label="Slug"
        error={errors.slug?.message}
        hint="Generated from the name when left empty."
        {...slugField}
      />
      <TextField
        label="Lot Number"
        error={errors.lotNumber?.message}
        hint="Optional here; required in CSV imports."
        {...form.register('lotNumber')}
      />
      <div className="grid gap-1">
        <label htmlFor={categoryFieldId} className="text-sm font-medium text-slate-800">
          Category
        </label>
        <select
          id={categoryFieldId}
          className={inputClasses(Boolean(errors.categoryId))}
          {...form.register('categoryId')}
        >
          <option value="">None</option>
          {categoryOptions.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name}
            </option>
          ))}
        </select>
        {errors.categoryId && <p className="text-xs font-medium text-red-600">{errors.categoryId.message}</p>}
      </div>
      <div className="grid gap-1">
        <label htmlFor={conditionFieldId} className="text-sm font-medium text-slate-800">
          Condition
        </label>
        <select
          id={conditionFieldId}
          className={inputClasses(Boolean(errors.condition))}
          {...form.register('condition')}
        >
          {PRODUCT_CONDITIONS.map((code) => (
            <option key={code} value={code}>
              {PRODUCT_CONDITION_LABELS[code]}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label="Condition notes"
        error={errors.conditionNotes?.message}
        hint="Optional: what the grader saw, shown to shoppers."
        {...form.register('conditionNotes')}
      />
      <TextField
        label="Condition notes (French)"
        error={errors.conditionNotesFr?.message}
        hint="Optional: shown on French pages; left blank, they show the English."
        {...form.register('conditionNotesFr')}
      />
      <TextField
        label="Price"
        type="number"
        inputMode="decimal"
        step="0.01"
        min="0"
        error={errors.price?.message}
        {...form.register('price')}
      />
      <TextField
        label="Compare-at Price"
        type="number"
        inputMode="decimal"
        step="0.01"
        min="0"
        hint="Optional: the original price, shown struck through."
        error={errors.compareAtPrice?.message}
        {...form.register('compareAtPrice')}
      />
      {isNew && (
        <TextField
          label="Stock"
          type="number"
          inputMode="numeric"
          step="1"
          min="0"
          error={errors.stock?.message}
          {...form.register('stock')}
        />
      )}
    </div>
  );
}

export function ProductDescriptionFields({ form, errors }: { form: Form; errors: Errors }) {
  const descriptionId = useId();
  const descriptionFrId = useId();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="grid gap-1">
        <label htmlFor={descriptionId} className="text-sm font-medium text-slate-800">
          Description
        </label>
        <textarea
          id={descriptionId}
          rows={4}
          className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
          {...form.register('description')}
        />
        {errors.description && (
          <p className="text-xs font-medium text-red-600">{errors.description.message}</p>
        )}
      </div>
      <div className="grid gap-1">
        <label htmlFor={descriptionFrId} className="text-sm font-medium text-slate-800">
          Description (French)
        </label>
        <textarea
          id={descriptionFrId}
          lang="fr-CA"
          rows={4}
          className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
          {...form.register('descriptionFr')}
        />
        {errors.descriptionFr && (
          <p className="text-xs font-medium text-red-600">{errors.descriptionFr.message}</p>
        )}
      </div>
    </div>
  );
}

export function ProductFlagFields({ form }: { form: Form }) {
  return (
    <div className="flex flex-wrap gap-x-6 gap-y-2">
      {FLAGS.map(([name, label]) => (
        <label key={name} className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="h-4 w-4" {...form.register(name)} />
          {label}
        </label>
      ))}
    </div>
  );
}
