// A loopback SMTP server for tests that read what the store sent: each message's raw text in order,
// and a promise of the next one (no sleeping, no polling).
import { SMTPServer } from 'smtp-server';

export type SmtpInbox = {
  url: string;
  received: string[];
  /** The next message to arrive (or the oldest not yet taken). */
  next: () => Promise<string>;
  close: () => Promise<void>;
};

export async function startSmtpInbox(): Promise<SmtpInbox> {
  const received: string[] = [];
  const unread: string[] = [];
  const waiting: ((message: string) => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let data = '';
      stream.on('data', (c) => {
        data += c;
      });
      stream.on('end', () => {
        received.push(data);
        const waiter = waiting.shift();
        if (waiter) waiter(data);
        else unread.push(data);
        callback();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    next: () => {
      const first = unread.shift();
      if (first !== undefined) return Promise.resolve(first);
      return new Promise((resolve) => waiting.push(resolve));
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** A raw message's text with quoted-printable soft breaks and escapes undone (enough to find a link). */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
