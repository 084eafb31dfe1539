// The store's one e-mail layout (docs/decisions/0270-order-emails-through-the-outbox.md): every e-mail
// is described once as content (a heading and blocks) and written twice from it, as HTML by React Email
// and as plain text here, so both parts always say the same thing. Header: logo and store name;
// footer: the store's address and contact. Server only: nothing here reaches the browser bundle.
// The layout's own words follow the content's language (layout.messages.ts), and its links lead to
// the store in that language (/fr/... for French).
import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Img } from '@react-email/img';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { render } from '@react-email/render';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { Config } from '~/server/config';
import { translator } from '~/shared/i18n/catalogues';
import { DEFAULT_LOCALE, LOCALE_TAGS, type Locale, localizedPath } from '~/shared/i18n/locales';
import { STORE_LOCATION } from '~/shared/store-location';
import { EMAIL_LAYOUT } from './layout.messages';

/** A label and its value: '[Tracking number, 1Z999]'. */
export type EmailRow = readonly [label: string, value: string];

export type EmailBlock =
  | { type: 'paragraph'; text: string }
  /** Labelled values, one a line ('Order number: 12'). */
  | { type: 'details'; rows: EmailRow[] }
  /** The order's items: quantity, name, unit price, line total. */
  | { type: 'items'; items: { name: string; quantity: number; unit: string; total: string }[] }
  /** Money lines, then the total in bold, then notes (tax registration numbers). */
  | {
      type: 'amounts';
      rows: EmailRow[];
      total: EmailRow;
      notes: string[];
      /** Below the total: how it was paid ('Store credit', 'Paid by card'), when not by card alone. */
      tenders?: EmailRow[];
    }
  /** A titled group of lines (an address). */
  | { type: 'lines'; title: string; lines: string[] }
  /** The e-mail's main link, drawn as a button. */
  | { type: 'button'; label: string; href: string }
  /** A plain link with its label ('Track your parcel with UPS'). */
  | { type: 'link'; label: string; href: string }
  /** An image, html part only (a cid: attachment such as the pickup QR code); the text part says it in words. */
  | { type: 'image'; src: string; alt: string; size: number };

export type EmailContent = {
  /** The language the e-mail is written in; English unless told. */
  locale?: Locale;
  subject: string;
  /** The line mail apps show after the subject. */
  preview: string;
  heading: string;
  blocks: EmailBlock[];
};

export type EmailBrand = {
  name: string;
  /** The store's address shoppers use, no trailing slash. */
  publicUrl: string;
  /** The store's contact address. */
  email: string;
};

export type RenderedEmail = { subject: string; text: string; html: string };

export const brandOf = (config: Pick<Config, 'STORE_NAME' | 'STORE_EMAIL' | 'publicUrl'>): EmailBrand => ({
  name: config.STORE_NAME,
  publicUrl: config.publicUrl.replace(/\/+$/, ''),
  email: config.STORE_EMAIL,
});

const ADDRESS_LINE = `${STORE_LOCATION.street}, ${STORE_LOCATION.city}, ${STORE_LOCATION.country}`;

const layoutT = (locale: Locale) => translator(locale, EMAIL_LAYOUT);

/** A page of the store in the e-mail's language: `/contact`, `/fr/contact`; the home page is `/` or `/fr/`. */
export function storeUrl(brand: EmailBrand, path: string, locale: Locale = DEFAULT_LOCALE): string {
  return `${brand.publicUrl}${localizedPath(path, locale)}`;
}

/** 'Label: value', 'Libellé : valeur'. */
export function labelled(label: string, value: string, locale: Locale = DEFAULT_LOCALE): string {
  return `${label}${layoutT(locale)('labelSeparator')}${value}`;
}

const homeUrl = (brand: EmailBrand, locale: Locale) =>
  locale === DEFAULT_LOCALE ? brand.publicUrl : storeUrl(brand, '/', locale);
const contactUrl = (brand: EmailBrand, locale: Locale) => storeUrl(brand, '/contact', locale);

/** The footer's words, the same in both parts. */
export function footerLines(brand: EmailBrand, locale: Locale = DEFAULT_LOCALE): string[] {
  return [
    `${brand.name} · ${ADDRESS_LINE}`,
    layoutT(locale)('footerQuestions', { email: brand.email, contactUrl: contactUrl(brand, locale) }),
  ];
}

/** The footer's question with its address and contact page as links (HTML part). */
function FooterQuestions({ brand, locale }: { brand: EmailBrand; locale: Locale }) {
  const url = contactUrl(brand, locale);
  // The translated sentence with its two places marked, then cut at the marks: word order stays the translator's.
  const sentence = layoutT(locale)('footerQuestions', {
    email: '\u0000email\u0000',
    contactUrl: '\u0000url\u0000',
  });
  return (
    <>
      {sentence.split('\u0000').map((part, i) =>
        part === 'email' ? (
          <Link key={i} href={`mailto:${brand.email}`} style={{ color: colors.brand }}>
            {brand.email}
          </Link>
        ) : part === 'url' ? (
          <Link key={i} href={url} style={{ color: colors.brand }}>
            {url}
          </Link>
        ) : (
          part
        ),
      )}
    </>
  );
}

const colors = { text: '#111827', muted: '#4b5563', line: '#e5e7eb', brand: '#1d4ed8' };
const font = 'Arial, Helvetica, sans-serif';
const cell = { padding: '4px 8px', borderBottom: `1px solid ${colors.line}`, fontSize: '14px' } as const;

function BlockHtml({ block, locale }: { block: EmailBlock; locale: Locale }) {
  const t = layoutT(locale);
  switch (block.type) {
    case 'paragraph':
      return <Text style={{ fontSize: '15px', lineHeight: '22px', margin: '0 0 12px' }}>{block.text}</Text>;
    case 'details':
      return (
        <Section style={{ margin: '0 0 12px' }}>
          {block.rows.map(([label, value]) => (
            <Text key={label} style={{ fontSize: '14px', margin: '0 0 4px' }}>
              {label}
              {t('labelSeparator')}
              <strong>{value}</strong>
            </Text>
          ))}
        </Section>
      );
    case 'items':
      return (
        <table
          width="100%"
          cellPadding={0}
          cellSpacing={0}
          style={{ borderCollapse: 'collapse', margin: '0 0 12px' }}
        >
          <thead>
            <tr>
              <th style={{ ...cell, textAlign: 'left' }}>{t('itemHeader')}</th>
              <th style={{ ...cell, textAlign: 'center' }}>{t('quantityHeader')}</th>
              <th style={{ ...cell, textAlign: 'right' }}>{t('priceHeader')}</th>
              <th style={{ ...cell, textAlign: 'right' }}>{t('totalHeader')}</th>
            </tr>
          </thead>
          <tbody>
            {block.items.map((item, i) => (
              <tr key={i}>
                <td style={{ ...cell, textAlign: 'left' }}>{item.name}</td>
                <td style={{ ...cell, textAlign: 'center' }}>{item.quantity}</td>
                <td style={{ ...cell, textAlign: 'right' }}>{item.unit}</td>
                <td style={{ ...cell, textAlign: 'right' }}>{item.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      );
    case 'amounts':
      return (
        <Section style={{ margin: '0 0 12px' }}>
          <table cellPadding={0} cellSpacing={0} style={{ borderCollapse: 'collapse', marginLeft: 'auto' }}>
            <tbody>
              {block.rows.map(([label, value]) => (
                <tr key={label}>
                  <td style={{ padding: '2px 8px', fontSize: '14px' }}>{label}</td>
                  <td style={{ padding: '2px 8px', fontSize: '14px', textAlign: 'right' }}>{value}</td>
                </tr>
              ))}
              <tr>
                <td style={{ padding: '4px 8px', fontSize: '15px', fontWeight: 700 }}>{block.total[0]}</td>
                <td style={{ padding: '4px 8px', fontSize: '15px', fontWeight: 700, textAlign: 'right' }}>
                  {block.total[1]}
                </td>
              </tr>
              {(block.tenders ?? []).map(([label, value]) => (
                <tr key={label}>
                  <td style={{ padding: '2px 8px', fontSize: '14px' }}>{label}</td>
                  <td style={{ padding: '2px 8px', fontSize: '14px', textAlign: 'right' }}>{value}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {block.notes.map((note) => (
            <Text key={note} style={{ fontSize: '12px', color: colors.muted, margin: '4px 0 0' }}>
              {note}
            </Text>
          ))}
        </Section>
      );
    case 'lines':
      return (
        <Text style={{ fontSize: '14px', lineHeight: '20px', margin: '0 0 12px' }}>
          <strong>{block.title}</strong>
          {block.lines.map((line) => (
            <span key={line}>
              <br />
              {line}
            </span>
          ))}
        </Text>
      );
    case 'button':
      return (
        <Section style={{ margin: '8px 0 16px' }}>
          <Link
            href={block.href}
            style={{
              backgroundColor: colors.brand,
              color: '#ffffff',
              padding: '12px 20px',
              borderRadius: '6px',
              fontWeight: 700,
              fontSize: '15px',
              textDecoration: 'none',
              display: 'inline-block',
            }}
          >
            {block.label}
          </Link>
        </Section>
      );
    case 'image':
      return (
        <Section style={{ margin: '8px 0 16px' }}>
          <Img src={block.src} width={String(block.size)} height={String(block.size)} alt={block.alt} />
        </Section>
      );
    case 'link':
      return (
        <Text style={{ fontSize: '14px', margin: '0 0 12px' }}>
          <Link href={block.href} style={{ color: colors.brand, textDecoration: 'underline' }}>
            {block.label}
          </Link>
        </Text>
      );
  }
}

function EmailDocument({ content, brand }: { content: EmailContent; brand: EmailBrand }) {
  const locale = content.locale ?? DEFAULT_LOCALE;
  return (
    <Html lang={LOCALE_TAGS[locale]}>
      <Head />
      <Preview>{content.preview}</Preview>
      <Body style={{ backgroundColor: '#f3f4f6', fontFamily: font, color: colors.text, margin: 0 }}>
        <Container
          style={{ maxWidth: '600px', margin: '0 auto', backgroundColor: '#ffffff', padding: '24px' }}
        >
          <Section style={{ borderBottom: `3px solid ${colors.brand}`, paddingBottom: '12px' }}>
            <Link href={homeUrl(brand, locale)} style={{ color: colors.text, textDecoration: 'none' }}>
              <Img
                src={`${brand.publicUrl}/email-logo.png`}
                width="40"
                height="40"
                alt=""
                style={{ display: 'inline-block', verticalAlign: 'middle', borderRadius: '6px' }}
              />
              <span
                style={{ fontSize: '20px', fontWeight: 700, marginLeft: '10px', verticalAlign: 'middle' }}
              >
                {brand.name}
              </span>
            </Link>
          </Section>
          <Heading as="h1" style={{ fontSize: '22px', margin: '20px 0 12px' }}>
            {content.heading}
          </Heading>
          {content.blocks.map((block, i) => (
            <BlockHtml key={i} block={block} locale={locale} />
          ))}
          <Hr style={{ borderColor: colors.line, margin: '24px 0 12px' }} />
          <Text style={{ fontSize: '12px', color: colors.muted, margin: '0 0 4px' }}>
            {brand.name} · {ADDRESS_LINE}
          </Text>
          <Text style={{ fontSize: '12px', color: colors.muted, margin: 0 }}>
            <FooterQuestions brand={brand} locale={locale} />
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

function blockText(block: EmailBlock, locale: Locale): string[] {
  const t = layoutT(locale);
  switch (block.type) {
    case 'paragraph':
      return [block.text];
    case 'details':
      return block.rows.map(([label, value]) => labelled(label, value, locale));
    case 'items':
      return [t('itemsTitle'), ...block.items.map((i) => t('itemLine', { ...i }))];
    case 'amounts':
      return [
        ...[...block.rows, block.total, ...(block.tenders ?? [])].map(([label, value]) =>
          labelled(label, value, locale),
        ),
        ...block.notes,
      ];
    case 'lines':
      return [block.title, ...block.lines.map((l) => `  ${l}`)];
    case 'button':
    case 'link':
      return [labelled(block.label, block.href, locale)];
    case 'image':
      return [];
  }
}

/** The plain-text part: store name, heading, each block separated by a blank line, footer. */
export function renderEmailText(content: EmailContent, brand: EmailBrand): string {
  const locale = content.locale ?? DEFAULT_LOCALE;
  return [
    brand.name,
    '',
    content.heading,
    '',
    ...content.blocks.flatMap((b) => [...blockText(b, locale), '']),
    '--',
    ...footerLines(brand, locale),
  ].join('\n');
}

/** Both parts of an e-mail in the store's layout. Customer text is escaped by React. */
export async function renderEmail(content: EmailContent, brand: EmailBrand): Promise<RenderedEmail> {
  const html = await render(<EmailDocument content={content} brand={brand} />);
  return { subject: content.subject, text: renderEmailText(content, brand), html };
}
