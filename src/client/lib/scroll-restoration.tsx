// Where the page scrolls after a navigation in the browser (docs/decisions/0592-declarative-routes-in-the-browser.md),
// as React Router's data router did: back and forward return to where the visitor was on that page; a new
// page opens at its top (or at the element its #hash names); a replaced address on the same page (a tab, a
// search box) leaves the scroll alone. Positions are kept per history entry (`location.key`) in
// sessionStorage, so they outlive a reload of the tab; a reload itself is the browser's to restore.
import { useEffect, useLayoutEffect, useRef } from 'react';
import { type Location, useLocation } from 'react-router';
import { useShownNavigationType } from './page-routes';

const STORAGE_KEY = 'scroll-positions';
let positions: Record<string, number> = {};
let shownKey = '';

function readPositions() {
  try {
    positions = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    positions = {};
  }
}

function scrollTo(location: Location) {
  const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
  if (target) target.scrollIntoView();
  else window.scrollTo(0, 0);
}

export function ScrollRestoration() {
  const location = useLocation();
  const action = useShownNavigationType();
  const previous = useRef(location);

  useEffect(() => {
    readPositions();
    window.history.scrollRestoration = 'manual';
    const onScroll = () => {
      positions[shownKey] = window.scrollY;
    };
    // Leaving the page (a reload, another site): the browser restores a reload's scroll itself.
    const onPageHide = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
      } catch {
        // Storage full or refused: back and forward after a reload open at the top.
      }
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onPageHide);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  // Runs once the new page is in the DOM, before it is painted.
  useLayoutEffect(() => {
    const from = previous.current;
    previous.current = location;
    shownKey = location.key;
    if (from.key === location.key) return;
    if (action === 'POP') window.scrollTo(0, positions[location.key] ?? 0);
    else if (action === 'PUSH' || from.pathname !== location.pathname) scrollTo(location);
  }, [location, action]);

  return null;
}
