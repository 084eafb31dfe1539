// The admin Content tab (lazy-loaded by the admin shell): content pages and FAQ items.
import { Tabs } from 'radix-ui';
import { ContentPagesPanel } from './content-pages-panel';
import { FaqPanel } from './faq-panel';

const trigger =
  'rounded-md px-4 py-2 text-sm font-medium text-slate-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm';

export default function ContentTab() {
  return (
    <div className="grid gap-4">
      <p className="rounded-md border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-brand-800">
        All changes will be immediately visible on your live site.
      </p>
      <Tabs.Root defaultValue="pages">
        <Tabs.List className="mb-4 inline-flex rounded-lg bg-slate-100 p-1" aria-label="Content">
          <Tabs.Trigger value="pages" className={trigger}>
            Content Pages
          </Tabs.Trigger>
          <Tabs.Trigger value="faq" className={trigger}>
            FAQ Items
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="pages">
          <ContentPagesPanel />
        </Tabs.Content>
        <Tabs.Content value="faq">
          <FaqPanel />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
