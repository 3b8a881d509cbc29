import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { eventually } from './eventually.js';
import { SMTPServer, type SMTPServerAuthentication, type SMTPServerSession } from 'smtp-server';

/** One message as the peer received it: the SMTP envelope, the raw RFC 822 text and its parse. */
export interface ReceivedMail {
  envelope: { from: string | null; to: string[] };
  /** The user the client authenticated as, if it did. */
  user: string | null;
  raw: string;
  parsed: Email;
}

export interface SmtpPeer {
  /** `smtp://[user:pass@]127.0.0.1:PORT` for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Resolves once `count` messages have arrived (bounded wait). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Makes the next `times` messages fail with a temporary (451) error. */
  rejectNext(times: number): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server in the test process (smtp-server), listening on 127.0.0.1, that keeps what it
 * receives. Plain SMTP (no STARTTLS offered); with `auth` it requires those credentials.
 */
export async function startSmtpPeer(options: { auth?: { user: string; pass: string } } = {}): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  let rejections = 0;
  const server = new SMTPServer({
    logger: false,
    disabledCommands: options.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !options.auth,
    allowInsecureAuth: true,
    onAuth(auth: SMTPServerAuthentication, _session: SMTPServerSession, callback) {
      if (options.auth && auth.username === options.auth.user && auth.password === options.auth.pass) {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (rejections > 0) {
          rejections--;
          callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          return;
        }
        const raw = Buffer.concat(chunks);
        PostalMime.parse(raw).then(
          (parsed) => {
            received.push({
              envelope: {
                from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
                to: session.envelope.rcptTo.map((r) => r.address),
              },
              user: typeof session.user === 'string' ? session.user : null,
              raw: raw.toString('utf8'),
              parsed,
            });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  const credentials = options.auth ? `${encodeURIComponent(options.auth.user)}:${encodeURIComponent(options.auth.pass)}@` : '';

  return {
    url: `smtp://${credentials}127.0.0.1:${port}`,
    received,
    async waitFor(count, timeoutMs = 10_000) {
      await eventually(() => received.length, { timeout: timeoutMs, interval: 20 }).toBeGreaterThanOrEqual(count);
      return received.slice(0, count);
    },
    rejectNext(times) {
      rejections = times;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
