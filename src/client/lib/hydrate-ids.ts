// Shoppers' browsers run Preact's React compatibility layer while the server renders with React
// (docs/decisions/0290-preact-in-the-browser.md). The two renderers make different `useId` values
// (React `_R_…_`, Preact `P0-1`), and Preact does not patch attributes while hydrating: the server's
// ids would stay in the page while Preact's own render holds its ids. Every element rendered later
// (an error message, a dialog, a panel shown again) would carry Preact's ids and point past the
// server's: a label no longer naming its field, an `aria-controls` naming nothing. So while hydrating,
// the attributes that hold or name an id are set to what Preact rendered; nothing else is touched.
import { options, type VNode } from 'preact';

/** Props that are an id or a list of ids, and the attribute each is written to. */
const ID_PROPS: Record<string, string> = {
  id: 'id',
  htmlFor: 'for',
  for: 'for',
  form: 'form',
  list: 'list',
  headers: 'headers',
  'aria-activedescendant': 'aria-activedescendant',
  'aria-controls': 'aria-controls',
  'aria-describedby': 'aria-describedby',
  'aria-details': 'aria-details',
  'aria-errormessage': 'aria-errormessage',
  'aria-flowto': 'aria-flowto',
  'aria-labelledby': 'aria-labelledby',
  'aria-owns': 'aria-owns',
};

let hydrating = false;

const previous = options.diffed;
options.diffed = (vnode: VNode) => {
  if (hydrating && typeof vnode.type === 'string') {
    // `__e` is Preact's (stably mangled) name for the vnode's DOM node, as preact/debug reads it.
    const dom = (vnode as VNode & { __e?: Node | null }).__e;
    if (dom instanceof Element) {
      const props = vnode.props as Record<string, unknown>;
      for (const prop in ID_PROPS) {
        const value = props[prop];
        if (typeof value !== 'string') continue;
        const attribute = ID_PROPS[prop]!;
        if (dom.getAttribute(attribute) !== value) dom.setAttribute(attribute, value);
      }
    }
  }
  previous?.(vnode);
};

/** Runs the hydration (synchronous with Preact) with the id attributes brought in line. */
export function hydrateWithIds(hydrate: () => void) {
  hydrating = true;
  try {
    hydrate();
  } finally {
    hydrating = false;
  }
}
