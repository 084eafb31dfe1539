// Error and validation messages in the page's language, by ONE mechanism for the server's answers and
// the forms' field errors: the `errors` catalogue is keyed by the English message itself, so a plain
// message ('Name is required') is its own key and English stays word for word. It has two namespaces:
// `errors` (errors.messages.ts: the shared schemas' messages, which the browser needs for its forms) and
// `server-errors` (src/server/lib/server-errors.messages.ts: the server's own refusals, loaded by the
// server only, so they cost the browser nothing).
// A message with a number or a name in it is written once as a key with placeholders and its values
// (`ErrorText`); its English text is rendered from the catalogue, so both languages come from one place.
// docs/decisions/0390-error-messages-in-french.md
import { registeredCatalogues, translator } from './catalogues';
import { errorMessages } from './errors.messages';
import type { Locale } from './locales';

/** Looked up in this order; `server-errors` is registered only where the server runs. */
const NAMESPACES = [errorMessages, 'server-errors'];

/**
 * A message with values: `{ key: 'Quantity must be at most {{max}}.', values: { max: 99 } }`. A value may
 * itself be a message, or a text in each language (a province's name).
 */
export type ErrorText = { key: string; values?: Record<string, ErrorValue> };
type ErrorValue = string | number | ErrorText | Record<Locale, string>;

/**
 * The namespace that has a key (plain or plural), if a loaded one does. Asked here rather than through
 * i18next's namespace lists or default values, which the browser's stand-in (decision 0343) does not do.
 */
function namespaceOf(locale: Locale, key: string): string | undefined {
  const catalogues = registeredCatalogues();
  for (const namespace of NAMESPACES) {
    // Both languages have the same keys; a browser has loaded only its page's language.
    const messages = catalogues.find((c) => c.namespace === namespace)?.[locale];
    if (messages && (key in messages || `${key}_one` in messages || `${key}_other` in messages))
      return namespace;
  }
  return undefined;
}

/** A message in one language; one no loaded catalogue has (a server message in the browser) reads as its English key. */
function say(locale: Locale, key: string, values: Record<string, string | number> = {}): string {
  const namespace = namespaceOf(locale, key);
  if (namespace) return translator(locale, namespace)(key, values);
  return key.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  );
}

/** The text of a message with values in one language (nested messages first, in the same language). */
export function renderErrorText(locale: Locale, text: ErrorText): string {
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(text.values ?? {})) {
    values[name] =
      typeof value !== 'object'
        ? value
        : 'key' in value
          ? renderErrorText(locale, value as ErrorText)
          : value[locale];
  }
  return say(locale, text.key, values);
}

// The English texts of messages with values that schemas build once, when their module loads (a limit
// from a constant), to say them in French too. Only module-level constants go here: never per request.
const fixedTexts = new Map<string, ErrorText>();

/**
 * A schema's message with values fixed when the module loads (`Password must be at most 128 characters`):
 * returns its English text for zod and remembers where it came from, so `translateError` can say it in French.
 */
export function fixedErrorText(key: string, values: ErrorText['values']): string {
  const text = { key, values };
  const english = renderErrorText('en', text);
  fixedTexts.set(english, text);
  return english;
}

/**
 * An English message (a server answer, a zod issue) in the given language. A message the catalogue
 * does not know stays as it is, so English is never changed and an untranslated message still shows.
 */
export function translateError(locale: Locale, message: string, text?: ErrorText): string {
  const known = text ?? fixedTexts.get(message);
  if (known) return renderErrorText(locale, known);
  if (locale === 'en') return message;
  return namespaceOf(locale, message) ? say(locale, message) : message;
}
