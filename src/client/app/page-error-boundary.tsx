// A page that fails while it renders in the browser (a bug, data it did not expect, code gone after a
// release) shows a short explanation with a way to reload, in the page's place: the header, the cart and
// the footer stay usable, and the next navigation shows its page again. A second boundary around the whole
// layout (src/client/entry-client.tsx) does the same for the header and the layout's own parts
// (docs/decisions/0592-declarative-routes-in-the-browser.md). On the server a failing render is the
// server's error page, as before.
import { Component, type ReactNode } from 'react';
import { buttonClasses } from '~/client/components/ui/button';
import { useT } from '~/client/lib/i18n';
import { shellMessages } from './shell.messages';

function PageFailed() {
  const t = useT(shellMessages);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center" role="alert">
      <h1 className="text-3xl font-bold">{t('pageFailed')}</h1>
      <p className="mt-4 text-slate-600">{t('pageFailedText')}</p>
      <button
        type="button"
        className={buttonClasses('primary', 'md', 'mt-8')}
        onClick={() => window.location.reload()}
      >
        {t('reloadPage')}
      </button>
    </div>
  );
}

type Props = {
  children: ReactNode;
  /** The history entry shown: another one clears the failure. */
  entry: string;
};
type State = { failed: boolean; entry: string };

export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, entry: this.props.entry };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.entry === state.entry ? null : { failed: false, entry: props.entry };
  }

  override render() {
    return this.state.failed ? <PageFailed /> : this.props.children;
  }
}
