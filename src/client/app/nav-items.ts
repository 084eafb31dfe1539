// The header's navigation links, shared by the header and the phone menu's lazily loaded panel (a
// module of their own so the panel does not import the menu that loads it).
import type { Location } from 'react-router';

/** `englishOnly`: the admin area, which has no French pages; a French page links to it with a plain link. */
export type NavItem = { to: string; label: string; end: boolean; englishOnly?: boolean };

/**
 * Whether a navigation link is the page being shown. Unlike NavLink, the query counts: Daily Deals
 * (/products?daily=true) and New Arrivals (/products?new=true) are not both current on /products.
 */
export function isCurrentNavItem(item: NavItem, location: Pick<Location, 'pathname' | 'search'>): boolean {
  const target = new URL(item.to, 'http://x');
  const onPath = item.end
    ? location.pathname === target.pathname
    : location.pathname === target.pathname || location.pathname.startsWith(`${target.pathname}/`);
  if (!onPath) return false;
  const here = new URLSearchParams(location.search);
  return [...target.searchParams].every(([key, value]) => here.get(key) === value);
}
