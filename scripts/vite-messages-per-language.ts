// A browser-build plugin: each page downloads only its own language's messages (docs/decisions/0401-bytes-won-back.md).
// A messages module (`x.messages.ts`) calls `defineMessages(namespace, en, fr)` with both languages;
// the server, the dev server and the tests keep it so. In the browser bundle the call becomes
// `await loadPageMessages(namespace, { en: () => import('x.messages.ts?messages=en'), fr: ... })`:
// each language's object is a module, and a chunk, of its own (`x.messages-fr-<hash>.js`), and the
// module waits for its page's language before anything that imports it runs.
// A language module holds nothing but its object, as a function of the names the object uses (a shared
// constant, a local `NBSP`), which the messages module passes in: it imports nothing, so it cannot
// import the chunk that is waiting for it (a cycle through top-level await never settles).
import type { Plugin } from 'vite';

const MESSAGES_FILE = /\.messages\.ts$/;
const LANGUAGE_MODULE = /^(.*\.messages\.ts)\?messages=(en|fr)$/;

/** The chunk name of a language module: `shell.messages-fr`; page-renderer.ts finds the page's language by it. */
export function messagesChunkName(id: string): string | null {
  const match = LANGUAGE_MODULE.exec(id);
  if (!match) return null;
  const file = match[1]!.slice(match[1]!.lastIndexOf('/') + 1).replace(/\.ts$/, '');
  return `${file}-${match[2]}`;
}

type Node = { type: string; start: number; end: number; [key: string]: unknown };

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

function walk(node: Node, visit: (node: Node, parent: Node | undefined) => void, parent?: Node): void {
  visit(node, parent);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const item of value) if (isNode(item)) walk(item, visit, node);
    if (isNode(value)) walk(value, visit, node);
  }
}

/** The names an expression reads (not object keys, not member names after a dot). */
function freeNames(literal: Node): string[] {
  const names = new Set<string>();
  walk(literal, (node, parent) => {
    if (node.type !== 'Identifier') return;
    if (parent?.type === 'Property' && parent.key === node && !parent.computed) return;
    if (parent?.type === 'MemberExpression' && parent.property === node && !parent.computed) return;
    names.add(node.name as string);
  });
  return [...names];
}

/**
 * @param keepBoth messages files whose texts a page shows in the other language too (the language
 *   suggestion is written in the language it offers): left as they are.
 */
export function messagesPerLanguage(keepBoth: RegExp): Plugin {
  // The code of each language module, written when its messages module is transformed.
  const languageModules = new Map<string, string>();
  return {
    name: 'messages-per-language',
    resolveId(source) {
      return LANGUAGE_MODULE.test(source) ? source : null;
    },
    load(id) {
      if (!LANGUAGE_MODULE.test(id)) return null;
      const code = languageModules.get(id);
      if (code === undefined) this.error(`${id}: its messages module was not transformed first`);
      return { code, moduleSideEffects: false };
    },
    transform(code, id) {
      if (!MESSAGES_FILE.test(id) || keepBoth.test(id) || !code.includes('defineMessages(')) return null;
      const calls: Node[] = [];
      walk(this.parse(code) as unknown as Node, (node) => {
        const callee = node.callee as Node | undefined;
        if (
          node.type === 'CallExpression' &&
          callee?.type === 'Identifier' &&
          callee.name === 'defineMessages'
        )
          calls.push(node);
      });
      if (calls.length !== 1) this.error(`${id}: expected one defineMessages call, found ${calls.length}`);
      const call = calls[0]!;
      const [namespace, en, fr] = call.arguments as Node[];
      if (!namespace || !en || !fr) this.error(`${id}: defineMessages(namespace, English, French)`);
      const loaders: string[] = [];
      for (const [locale, literal] of [
        ['en', en],
        ['fr', fr],
      ] as const) {
        const names = freeNames(literal);
        const moduleId = `${id}?messages=${locale}`;
        const args = names.length ? `{ ${names.join(', ')} }` : '';
        languageModules.set(
          moduleId,
          `export default (${args}) => (${code.slice(literal.start, literal.end)});\n`,
        );
        loaders.push(`${locale}: () => import(${JSON.stringify(moduleId)}).then((m) => m.default(${args}))`);
      }
      const replacement = `await __loadPageMessages(${code.slice(namespace.start, namespace.end)}, { ${loaders.join(', ')} })`;
      return {
        code: `import { loadPageMessages as __loadPageMessages } from '~/client/lib/page-messages';\n${code.slice(0, call.start)}${replacement}${code.slice(call.end)}`,
        map: null,
      };
    },
  };
}
