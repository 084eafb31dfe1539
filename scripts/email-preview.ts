// npm run email:preview [FOLDER]: writes every order e-mail, with demo data, in the store's layout to
// FOLDER (default email-previews/): <kind>.html and <kind>.txt for each in English, <kind>.fr.html and
// <kind>.fr.txt in French, and index.html linking them.
// Store name, address and contact come from the same settings as the running store (STORE_NAME,
// STORE_EMAIL, PUBLIC_URL). No database and no mail server are needed.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '~/server/config';
import { orderEmailPreviews } from '~/server/features/orders';
import { brandOf } from '~/server/mail/layout';

const folder = path.resolve(process.argv[2] ?? 'email-previews');
const escapeHtml = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

const config = loadConfig({ SESSION_SECRET: 'x'.repeat(32), ...process.env, NODE_ENV: 'development' });
const previews = await orderEmailPreviews(brandOf(config));
mkdirSync(folder, { recursive: true });
const fileOf = (kind: string, locale: string) => (locale === 'en' ? kind : `${kind}.${locale}`);
for (const { kind, locale, email } of previews) {
  writeFileSync(path.join(folder, `${fileOf(kind, locale)}.html`), email.html);
  writeFileSync(
    path.join(folder, `${fileOf(kind, locale)}.txt`),
    `Subject: ${email.subject}\n\n${email.text}\n`,
  );
}
const list = previews
  .map(({ kind, locale, email }) => {
    const file = fileOf(kind, locale);
    return `<li lang="${locale}">[${locale}] <a href="${file}.html">${escapeHtml(email.subject)}</a> (<a href="${file}.txt">text</a>)</li>`;
  })
  .join('\n');
writeFileSync(
  path.join(folder, 'index.html'),
  `<!doctype html><meta charset="utf-8"><title>E-mail previews</title><h1>E-mail previews</h1><ul>\n${list}\n</ul>\n`,
);
console.log(`Wrote ${previews.length} e-mails to ${folder}; open ${path.join(folder, 'index.html')}`);
