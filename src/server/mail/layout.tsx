// The store's one e-mail layout (docs/decisions/0270-order-emails-through-the-outbox.md): every e-mail
// is described once as content (a heading and blocks) and written twice from it, as HTML by React Email
// and as plain text here, so both parts always say the same thing. Header: logo and store name;
// footer: the store's address and contact. Server only: nothing here reaches the browser bundle.
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
import { STORE_LOCATION } from '~/shared/store-location';

/** A label and its value: '[Tracking number, 1Z999]'. */
export type EmailRow = readonly [label: string, value: string];

export type EmailBlock =
  | { type: 'paragraph'; text: string }
  /** Labelled values, one a line ('Order number: 12'). */
  | { type: 'details'; rows: EmailRow[] }
  /** The order's items: quantity, name, unit price, line total. */
  | { type: 'items'; items: { name: string; quantity: number; unit: string; total: string }[] }
  /** Money lines, then the total in bold, then notes (tax registration numbers). */
  | { type: 'amounts'; rows: EmailRow[]; total: EmailRow; notes: string[] }
  /** A titled group of lines (an address). */
  | { type: 'lines'; title: string; lines: string[] }
  /** The e-mail's main link, drawn as a button. */
  | { type: 'button'; label: string; href: string }
  /** A plain link with its label ('Track your parcel with UPS'). */
  | { type: 'link'; label: string; href: string };

export type EmailContent = {
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

/** The footer's words, the same in both parts. */
export function footerLines(brand: EmailBrand): string[] {
  return [
    `${brand.name} · ${ADDRESS_LINE}`,
    `Questions? Reply to this e-mail, write to ${brand.email} or visit ${brand.publicUrl}/contact`,
  ];
}

const colors = { text: '#111827', muted: '#4b5563', line: '#e5e7eb', brand: '#1d4ed8' };
const font = 'Arial, Helvetica, sans-serif';
const cell = { padding: '4px 8px', borderBottom: `1px solid ${colors.line}`, fontSize: '14px' } as const;

function BlockHtml({ block }: { block: EmailBlock }) {
  switch (block.type) {
    case 'paragraph':
      return <Text style={{ fontSize: '15px', lineHeight: '22px', margin: '0 0 12px' }}>{block.text}</Text>;
    case 'details':
      return (
        <Section style={{ margin: '0 0 12px' }}>
          {block.rows.map(([label, value]) => (
            <Text key={label} style={{ fontSize: '14px', margin: '0 0 4px' }}>
              {label}: <strong>{value}</strong>
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
              <th style={{ ...cell, textAlign: 'left' }}>Item</th>
              <th style={{ ...cell, textAlign: 'center' }}>Qty</th>
              <th style={{ ...cell, textAlign: 'right' }}>Price</th>
              <th style={{ ...cell, textAlign: 'right' }}>Total</th>
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
  return (
    <Html lang="en">
      <Head />
      <Preview>{content.preview}</Preview>
      <Body style={{ backgroundColor: '#f3f4f6', fontFamily: font, color: colors.text, margin: 0 }}>
        <Container
          style={{ maxWidth: '600px', margin: '0 auto', backgroundColor: '#ffffff', padding: '24px' }}
        >
          <Section style={{ borderBottom: `3px solid ${colors.brand}`, paddingBottom: '12px' }}>
            <Link href={brand.publicUrl} style={{ color: colors.text, textDecoration: 'none' }}>
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
            <BlockHtml key={i} block={block} />
          ))}
          <Hr style={{ borderColor: colors.line, margin: '24px 0 12px' }} />
          <Text style={{ fontSize: '12px', color: colors.muted, margin: '0 0 4px' }}>
            {brand.name} · {ADDRESS_LINE}
          </Text>
          <Text style={{ fontSize: '12px', color: colors.muted, margin: 0 }}>
            Questions? Reply to this e-mail, write to{' '}
            <Link href={`mailto:${brand.email}`} style={{ color: colors.brand }}>
              {brand.email}
            </Link>{' '}
            or visit{' '}
            <Link href={`${brand.publicUrl}/contact`} style={{ color: colors.brand }}>
              {brand.publicUrl}/contact
            </Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

function blockText(block: EmailBlock): string[] {
  switch (block.type) {
    case 'paragraph':
      return [block.text];
    case 'details':
      return block.rows.map(([label, value]) => `${label}: ${value}`);
    case 'items':
      return ['Items:', ...block.items.map((i) => `- ${i.quantity} x ${i.name} @ ${i.unit} = ${i.total}`)];
    case 'amounts':
      return [...[...block.rows, block.total].map(([label, value]) => `${label}: ${value}`), ...block.notes];
    case 'lines':
      return [block.title, ...block.lines.map((l) => `  ${l}`)];
    case 'button':
    case 'link':
      return [`${block.label}: ${block.href}`];
  }
}

/** The plain-text part: store name, heading, each block separated by a blank line, footer. */
export function renderEmailText(content: EmailContent, brand: EmailBrand): string {
  return [
    brand.name,
    '',
    content.heading,
    '',
    ...content.blocks.flatMap((b) => [...blockText(b), '']),
    '--',
    ...footerLines(brand),
  ].join('\n');
}

/** Both parts of an e-mail in the store's layout. Customer text is escaped by React. */
export async function renderEmail(content: EmailContent, brand: EmailBrand): Promise<RenderedEmail> {
  const html = await render(<EmailDocument content={content} brand={brand} />);
  return { subject: content.subject, text: renderEmailText(content, brand), html };
}
