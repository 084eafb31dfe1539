// The one loopback SMTP server of the tests that read what the store sent: each message raw and parsed
// (mailparser) with its envelope recipients, in order; a promise of the next one (no sleeping, no
// polling); and, when asked, a refusal of every recipient (550), counted, as a full mailbox would.
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { raw: string; rcpt: string[]; mail: ParsedMail };

export type SmtpInbox = {
  url: string;
  /** Every accepted message's raw text, in order. */
  received: string[];
  /** Every accepted message, parsed, with its envelope recipients, in order. */
  messages: ReceivedMail[];
  /** While true, every recipient is refused with 550 (and counted in `refused`). */
  refuse: boolean;
  refused: number;
  /** The next message to arrive (or the oldest not yet taken), raw. */
  next: () => Promise<string>;
  /** The parsed messages whose envelope names `address`. */
  mailsTo: (address: string) => ParsedMail[];
  close: () => Promise<void>;
};

export async function startSmtpInbox(): Promise<SmtpInbox> {
  const unread: string[] = [];
  const waiting: ((message: string) => void)[] = [];
  const inbox: SmtpInbox = {
    url: '',
    received: [],
    messages: [],
    refuse: false,
    refused: 0,
    next: () => {
      const first = unread.shift();
      if (first !== undefined) return Promise.resolve(first);
      return new Promise((resolve) => waiting.push(resolve));
    },
    mailsTo: (address) => inbox.messages.filter((m) => m.rcpt.includes(address)).map((m) => m.mail),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(_address, _session, callback) {
      if (!inbox.refuse) return callback();
      inbox.refused++;
      callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c) => {
        raw += c;
      });
      stream.on('end', () => {
        simpleParser(raw)
          .then((mail) => {
            inbox.received.push(raw);
            inbox.messages.push({ raw, rcpt: session.envelope.rcptTo.map((r) => r.address), mail });
            const waiter = waiting.shift();
            if (waiter) waiter(raw);
            else unread.push(raw);
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  inbox.url = `smtp://127.0.0.1:${(server.server.address() as { port: number }).port}`;
  return inbox;
}

/** A raw message's text with quoted-printable soft breaks and escapes undone (enough to find a link). */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
