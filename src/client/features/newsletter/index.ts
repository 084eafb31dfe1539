// The newsletter feature's public entry: what other features and the app may use
// (docs/decisions/0175-enforced-boundaries.md). Everything else in this folder is private to it.
export { FooterNewsletter } from './footer-newsletter';
export { LazyNewsletterPopup } from './lazy-newsletter-popup';
