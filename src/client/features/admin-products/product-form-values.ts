// The product form's values: strings as typed, turned into the API's values by the shared schema
// (ProductInputSchema); a product loaded for editing becomes form values, and a save refused because someone
// else saved meanwhile names the fields they changed.
import type { AdminProduct } from '~/shared/schemas/admin-products';
import type { ProductCondition } from '~/shared/constants';

export type FormValues = {
  name: string;
  nameFr: string;
  slug: string;
  lotNumber: string;
  description: string;
  descriptionFr: string;
  price: string;
  compareAtPrice: string;
  stock: string;
  categoryId: string;
  featured: boolean;
  new: boolean;
  active: boolean;
  applyDailyDiscount: boolean;
  condition: ProductCondition;
  conditionNotes: string;
  conditionNotesFr: string;
  finalSale: boolean;
  images: string[];
};

export const EMPTY: FormValues = {
  name: '',
  nameFr: '',
  slug: '',
  lotNumber: '',
  description: '',
  descriptionFr: '',
  price: '',
  compareAtPrice: '',
  stock: '0',
  categoryId: '',
  featured: false,
  new: false,
  active: true,
  applyDailyDiscount: true,
  condition: 'new',
  conditionNotes: '',
  conditionNotesFr: '',
  finalSale: false,
  images: [],
};

export function toFormValues(p: AdminProduct): FormValues {
  return {
    name: p.name,
    nameFr: p.nameFr,
    slug: p.slug,
    lotNumber: p.lotNumber ?? '',
    description: p.description,
    descriptionFr: p.descriptionFr,
    price: p.price,
    compareAtPrice: p.compareAtPrice ?? '',
    stock: String(p.stock),
    categoryId: p.categoryId === null ? '' : String(p.categoryId),
    featured: p.featured,
    new: p.new,
    active: p.active,
    applyDailyDiscount: p.applyDailyDiscount,
    condition: p.condition,
    conditionNotes: p.conditionNotes,
    conditionNotesFr: p.conditionNotesFr ?? '',
    finalSale: p.finalSale,
    images: p.images,
  };
}

export const FIELD_LABELS: Record<Exclude<keyof FormValues, 'stock'>, string> = {
  name: 'Name',
  nameFr: 'Name (French)',
  slug: 'Slug',
  lotNumber: 'Lot Number',
  description: 'Description',
  descriptionFr: 'Description (French)',
  price: 'Price',
  compareAtPrice: 'Compare-at Price',
  categoryId: 'Category',
  featured: 'Featured',
  new: 'New',
  active: 'Active',
  applyDailyDiscount: 'Apply daily discount',
  condition: 'Condition',
  conditionNotes: 'Condition notes',
  conditionNotesFr: 'Condition notes (French)',
  finalSale: 'Final sale',
  images: 'Pictures',
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The labels of the fields whose value differs between two versions of a product (in the form's order). */
export function changedFieldLabels(before: AdminProduct, after: AdminProduct): string[] {
  const a = toFormValues(before);
  const b = toFormValues(after);
  return (Object.keys(FIELD_LABELS) as (keyof typeof FIELD_LABELS)[])
    .filter((k) => !same(a[k], b[k]))
    .map((k) => FIELD_LABELS[k]);
}
