// Taps before hydration are not lost (docs/decisions/0146-no-tap-is-lost.md). This classic inline
// script runs in the head of every page, before any module script: until the page has hydrated it
// holds back clicks on buttons (Add to Cart, the quantity stepper, the menu...) and the browser entry
// (src/client/entry-client.tsx) clicks them again once React has hydrated, one task apart so each tap
// sees the state the previous one left ('+' then 'Add to Cart' adds two). Links and forms with an
// action (the header search) are left to the browser: the server answers them. It is inline so it
// works from the first paint; the content security policy allows exactly this text by its hash.
import { createHash } from 'node:crypto';

export const TAP_CAPTURE_SCRIPT =
  "(function(){var d=document,q=[];function h(e){var b=e.target&&e.target.closest&&e.target.closest('button');if(!b||b.disabled||!d.getElementById('root').contains(b))return;if(b.type==='submit'&&b.form&&b.form.hasAttribute('action'))return;e.preventDefault();e.stopImmediatePropagation();q.push(b)}d.addEventListener('click',h,true);window.__replayTaps=function(){d.removeEventListener('click',h,true);window.__replayTaps=function(){};(function n(){var b=q.shift();if(!b)return;if(b.isConnected&&!b.disabled)b.click();setTimeout(n,0)})()}})();";

/** The CSP source that allows the script above and nothing else inline. */
export const TAP_CAPTURE_CSP_HASH = `'sha256-${createHash('sha256').update(TAP_CAPTURE_SCRIPT).digest('base64')}'`;

export const TAP_CAPTURE_TAG = `<script>${TAP_CAPTURE_SCRIPT}</script>`;
