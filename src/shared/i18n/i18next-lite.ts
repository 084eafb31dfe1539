// What shoppers' browsers run instead of i18next (the Vite browser build aliases `i18next` here; the
// server, the dev server and the tests run the real library). The store uses a small part of i18next:
// one namespace's messages per translate function, `{{name}}` interpolation and plurals by `count`
// (`_zero` when the count is 0 and the message exists, then Intl.PluralRules' `_one` / `_many` /
// `_other`, then the plain key), with no escaping (React escapes). That part is about 1 KB; the whole
// library is 16 KB gzipped on every page (docs/decisions/0343-i18next-lite-in-the-browser.md).
// i18next-lite.test.ts renders every catalogue message with both and requires the same text, so a
// message needing more of i18next fails there rather than in a shopper's browser.
type Resources = Record<string, string>;
type Options = { count?: unknown; [name: string]: unknown };

function valueAt(options: Options, path: string): unknown {
  let value: unknown = options;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

class LiteInstance {
  private readonly bundles = new Map<string, Resources>();
  private readonly rules = new Map<string, Intl.PluralRules>();

  init(): Promise<void> {
    return Promise.resolve();
  }

  addResourceBundle(lng: string, ns: string, resources: Resources): this {
    const key = `${lng}|${ns}`;
    this.bundles.set(key, { ...this.bundles.get(key), ...resources });
    return this;
  }

  getFixedT(lng: string, ns: string) {
    return (key: string, options: Options = {}) => this.translate(lng, ns, key, options);
  }

  private plural(lng: string, count: number): string {
    let rules = this.rules.get(lng);
    if (!rules) {
      rules = new Intl.PluralRules(lng);
      this.rules.set(lng, rules);
    }
    return rules.select(count);
  }

  private translate(lng: string, ns: string, key: string, options: Options): string {
    const bundle = this.bundles.get(`${lng}|${ns}`) ?? {};
    let message: string | undefined;
    if (typeof options.count === 'number') {
      if (options.count === 0) message = bundle[`${key}_zero`];
      message ??= bundle[`${key}_${this.plural(lng, options.count)}`];
    }
    message ??= bundle[key];
    if (message === undefined) return key;
    // A value not given leaves its placeholder as written, as i18next does.
    return message.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (match, name: string) => {
      const value = valueAt(options, name);
      return value === undefined ? match : String(value);
    });
  }
}

export default { createInstance: () => new LiteInstance() };
