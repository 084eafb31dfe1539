// Recall data as Health Canada and the US CPSC publish it, read into one shape
// (docs/decisions/0571-recall-screening.md). Health Canada's open data names affected products in
// tables of free text, so its GTINs are every run of 8, 12, 13 or 14 digits (spaces or dashes between
// them allowed) whose GS1 check digit is right; the CPSC lists them in ProductUPCs.
import { z } from 'zod';
import { checkDigitHolds, GTIN_LENGTHS } from '~/shared/gtin';

export type RecallSource = 'health-canada' | 'cpsc';

export type ParsedRecall = {
  source: RecallSource;
  sourceId: string;
  title: string;
  recalledOn: string | null;
  url: string | null;
  /** 14 digits, shorter GTINs padded with zeros. */
  gtins: string[];
  brands: string[];
  models: string[];
};

export const RECALL_FILE_UNREADABLE =
  "The file is not recall data: upload Health Canada's or the CPSC's JSON file as published.";

/** Every GTIN written in a text ("UPC 0 64100 85246 4", "064100852464"), as 14 digits. */
export function gtinsInText(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/(?<![\d])\d(?:[ -]?\d){7,13}(?![\d])/g)) {
    const digits = match[0].replace(/[ -]/g, '');
    // Eight digits with a separator are a date or a phone number far more often than an EAN-8.
    if (digits.length === 8 && digits !== match[0]) continue;
    if (GTIN_LENGTHS.has(digits.length) && checkDigitHolds(digits) && !/^0+$/.test(digits))
      found.add(digits.padStart(14, '0'));
  }
  return [...found];
}

/** Model numbers in a recall's model text: tokens of 4 characters or more holding a digit, lower case. */
function modelWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[\s,;/()]+/)
    .map((w) => w.replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, ''))
    .filter((w) => w.length >= 4 && /\d/.test(w) && /^[a-z0-9-.]+$/.test(w));
}

/** Every string inside a value, however deep. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'number') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/** yyyy-mm-dd from the sources' date shapes ("2026-10-02", "2026-10-02T00:00:00", "October 2, 2026"). */
function isoDate(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value).trim();
  const iso = /^(\d{4}-\d{2}-\d{2})/.exec(text);
  if (iso) return iso[1]!;
  const parsed = new Date(text);
  return Number.isNaN(parsed.getTime()) ? null : parsed.toISOString().slice(0, 10);
}

const textOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const cap = <T>(list: T[], max: number) => [...new Set(list)].slice(0, max);

const CpscRecallSchema = z.looseObject({
  RecallNumber: z.union([z.string(), z.number()]).optional(),
  RecallID: z.union([z.string(), z.number()]).optional(),
  Title: z.string().optional(),
  RecallDate: z.string().nullable().optional(),
  URL: z.string().nullable().optional(),
  Products: z.array(z.looseObject({ Name: z.string().nullish(), Model: z.string().nullish() })).nullish(),
  Manufacturers: z.array(z.looseObject({ Name: z.string().nullish() })).nullish(),
  ProductUPCs: z.array(z.looseObject({ UPC: z.union([z.string(), z.number()]).nullish() })).nullish(),
});

function fromCpsc(record: z.output<typeof CpscRecallSchema>): ParsedRecall | null {
  const sourceId = String(record.RecallNumber ?? record.RecallID ?? '').trim();
  const title = textOf(record.Title);
  if (!sourceId || !title) return null;
  const upcs = (record.ProductUPCs ?? []).map((u) => String(u.UPC ?? ''));
  return {
    source: 'cpsc',
    sourceId,
    title: title.slice(0, 500),
    recalledOn: isoDate(record.RecallDate),
    url: textOf(record.URL) || null,
    gtins: cap(upcs.flatMap(gtinsInText), 500),
    brands: cap((record.Manufacturers ?? []).map((m) => textOf(m.Name).toLowerCase()).filter(Boolean), 20),
    models: cap(
      (record.Products ?? []).flatMap((p) => modelWords(textOf(p.Model))),
      50,
    ),
  };
}

/** Health Canada's records: the open data file's "NID"/"Title"/"URL" or the API's recallId/title/url. */
function fromHealthCanada(record: Record<string, unknown>): ParsedRecall | null {
  const pick = (...keys: string[]) => keys.map((k) => record[k]).find((v) => v !== undefined && v !== null);
  const sourceId = String(pick('NID', 'nid', 'recallId', 'RecallID', 'ID', 'id') ?? '').trim();
  const title = textOf(pick('Title', 'title'));
  if (!sourceId || !title) return null;
  const brandField = Object.entries(record).find(([k]) => /brand|marque/i.test(k))?.[1];
  return {
    source: 'health-canada',
    sourceId,
    title: title.slice(0, 500),
    recalledOn: isoDate(
      pick('Recall date', 'Date published', 'date_published', 'Last updated', 'start_date'),
    ),
    url: textOf(pick('URL', 'url')) || null,
    // Every field but its number, dates and addresses: the affected-product tables are free text.
    gtins: cap(
      Object.entries(record)
        .filter(([key]) => !/date|updated|url|nid|^id$|recallid/i.test(key))
        .flatMap(([, value]) => strings(value))
        .flatMap(gtinsInText),
      500,
    ),
    brands: cap(
      strings(brandField)
        .map((b) => b.trim().toLowerCase())
        .filter(Boolean),
      20,
    ),
    models: cap(strings(pick('Model', 'model', 'Models')).flatMap(modelWords), 50),
  };
}

/** The records of a file: a top-level array, or the array under a usual key. */
function recordsOf(data: unknown): Record<string, unknown>[] | null {
  const list = Array.isArray(data)
    ? data
    : data && typeof data === 'object'
      ? Object.values(data).find((v) => Array.isArray(v))
      : null;
  if (!Array.isArray(list)) return null;
  return list.filter((r): r is Record<string, unknown> => !!r && typeof r === 'object' && !Array.isArray(r));
}

/**
 * A recall file's records in one shape, its source told by its fields (the CPSC's RecallNumber); null
 * when it is not recall data. Records without a number or a title are skipped and counted.
 */
export function parseRecallFile(
  text: string,
): { source: RecallSource; recalls: ParsedRecall[]; skipped: number } | null {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return null;
  }
  const records = recordsOf(data);
  if (!records || records.length === 0) return null;
  const isCpsc = records.some((r) => 'RecallNumber' in r || 'ProductUPCs' in r);
  const isHealthCanada = records.some((r) => 'NID' in r || 'recallId' in r || 'Title' in r || 'title' in r);
  if (!isCpsc && !isHealthCanada) return null;
  const recalls: ParsedRecall[] = [];
  let skipped = 0;
  for (const record of records) {
    const cpsc = isCpsc ? CpscRecallSchema.safeParse(record) : null;
    const parsed = cpsc ? (cpsc.success ? fromCpsc(cpsc.data) : null) : fromHealthCanada(record);
    if (parsed) recalls.push(parsed);
    else skipped++;
  }
  return { source: isCpsc ? 'cpsc' : 'health-canada', recalls, skipped };
}
