// The small ring beside a label (inside a pending button, before 'Loading...'). It shares the button's
// chunk, which every page downloads first, so it stays this small; the page-sized one is
// page-spinner.tsx (docs/decisions/0170-one-ui-kit.md).

/** A small spinning ring in the text's colour; decorative. */
export function Spinner() {
  return (
    <span
      aria-hidden="true"
      className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent"
    />
  );
}
