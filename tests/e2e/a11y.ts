// Accessibility checks for browser journeys: axe-core, heading order, sideways scrolling, thumb-sized
// targets and visible focus (docs/decisions/0152-accessibility-checks.md). Each check returns the
// problems it found as sentences, so a journey can sweep many pages and report them all at once.
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';

/**
 * Serious and critical axe violations on the page as it is now (dialogs and open panels included).
 * `label-content-name-mismatch` (a control's accessible name must contain its visible text, so a voice
 * user can say what they see) is one of axe's experimental rules, off unless asked for; Lighthouse's
 * accessibility score runs it, so the journeys do too.
 *
 * Every rule runs; two documented options only make a run cheaper (half the time, measured in
 * bench/README.md): axe runs inside the page itself (legacy mode) rather than also in a new blank page
 * that gathers the frames' results, which only cross-origin frames need and the store has none; and only
 * violations are reported in full (`resultTypes`), the passes being counted, not listed.
 */
export async function axeProblems(page: Page, where: string): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${where}: ${v.impact} ${v.id} (${v.help}) at ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    );
}

/**
 * Headings as assistive technology reads them (rendered, visually hidden ones included, aria-hidden ones
 * not) must start at h1 and never skip a level going down.
 */
export async function headingOrderProblems(page: Page, where: string): Promise<string[]> {
  const levels = await page.evaluate(() =>
    [...document.querySelectorAll('h1, h2, h3, h4, h5, h6, [role="heading"]')]
      .filter((el) => el.checkVisibility() && !el.closest('[aria-hidden="true"], [inert]'))
      .map((el) => ({
        level: Number(el.getAttribute('aria-level') ?? el.tagName.slice(1)),
        text: (el.textContent ?? '').trim().slice(0, 40),
      })),
  );
  const problems: string[] = [];
  if (levels[0]?.level !== 1) problems.push(`${where}: the first heading is not h1 (${levels[0]?.text})`);
  for (let i = 1; i < levels.length; i++) {
    const { level, text } = levels[i]!;
    if (level > levels[i - 1]!.level + 1)
      problems.push(`${where}: h${level} '${text}' follows h${levels[i - 1]!.level}`);
  }
  return problems;
}

/** The page is no wider than the window: nothing is cut off or scrolls sideways. */
export async function sideScrollProblems(page: Page, where: string): Promise<string[]> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    clientWidth: document.scrollingElement!.clientWidth,
  }));
  return scrollWidth <= clientWidth
    ? []
    : [`${where}: the page is ${scrollWidth} px wide in a ${clientWidth} px window`];
}

export const MIN_TARGET = 44;

/** Each control is visible and at least 44 x 44 CSS px. */
export async function targetSizeProblems(targets: Record<string, Locator>, where: string): Promise<string[]> {
  const problems: string[] = [];
  for (const [name, locator] of Object.entries(targets)) {
    const count = await locator.count();
    if (count === 0) {
      problems.push(`${where}: no ${name} found`);
      continue;
    }
    for (let i = 0; i < count; i++) {
      const box = await locator.nth(i).boundingBox();
      if (!box) problems.push(`${where}: ${name} #${i + 1} is not shown`);
      else if (box.width < MIN_TARGET || box.height < MIN_TARGET)
        problems.push(`${where}: ${name} #${i + 1} is ${box.width} x ${box.height} px`);
    }
  }
  return problems;
}

/** What has keyboard focus, and whether it shows a focus ring (an outline or a box shadow). */
export async function focusedControl(page: Page): Promise<{ name: string; ringShown: boolean }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { name: '(nothing)', ringShown: false };
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none';
    const name =
      el.getAttribute('aria-label') ??
      (el.textContent?.trim() || (el as HTMLInputElement).name || el.id || el.tagName);
    return { name: `${el.tagName.toLowerCase()} '${name.slice(0, 50)}'`, ringShown: outline || shadow };
  });
}
