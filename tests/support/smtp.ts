// A real SMTP server on a loopback port (the smtp-server package) that keeps what arrives, and a
// small reader of the raw messages: headers (encoded words decoded), text parts and attachments.
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

export interface Arrived {
  from: string;
  to: string[];
  raw: string;
}

export interface LocalSmtp {
  port: number;
  arrived: Arrived[];
  /** Answers the RCPT TO of an address (an SMTP code and text) instead of accepting it. */
  refuse: Map<string, { code: number; text: string }>;
  /** Called on each message before it is accepted (a test may stall or kill here). */
  onMessage?: (m: Arrived) => Promise<void> | void;
  close(): Promise<void>;
}

export async function localSmtp(options: Partial<SMTPServerOptions> = {}): Promise<LocalSmtp> {
  const state: LocalSmtp = {
    port: 0,
    arrived: [],
    refuse: new Map(),
    close: () => Promise.resolve(),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 20 * 1024 * 1024,
    onRcptTo(address, _session, callback) {
      const refusal = state.refuse.get(address.address);
      if (!refusal) return callback();
      const err = Object.assign(new Error(refusal.text), { responseCode: refusal.code });
      callback(err);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const m: Arrived = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        state.arrived.push(m);
        Promise.resolve(state.onMessage?.(m)).then(
          () => callback(),
          (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
        );
      });
    },
    ...options,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  state.port = typeof address === 'object' && address ? (address satisfies AddressInfo).port : 0;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

/** Decodes RFC 2047 encoded words (=?UTF-8?B?...?= and =?UTF-8?Q?...?=). */
export function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_w, _charset: string, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-Fa-f]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(text: string): Part {
  const at = text.search(/\r?\n\r?\n/);
  const head = at < 0 ? text : text.slice(0, at);
  const body = at < 0 ? '' : text.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(part: Part): Buffer {
  const enc = (part.headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (enc === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64');
  if (enc === 'quoted-printable')
    return Buffer.from(
      part.body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-Fa-f]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    );
  return Buffer.from(part.body, 'utf8');
}

/** The leaf parts of a message, in order. */
function leaves(part: Part): Part[] {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return [part];
  return part.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((p) => !p.startsWith('--'))
    .flatMap((p) => leaves(splitPart(p.replace(/^\r?\n/, ''))));
}

export interface ReadMessage {
  header(name: string): string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

export function readMessage(raw: string): ReadMessage {
  const top = splitPart(raw);
  const parts = leaves(top);
  const attachments: ReadMessage['attachments'] = [];
  let text = '';
  let html = '';
  for (const p of parts) {
    const type = (p.headers.get('content-type') ?? 'text/plain').toLowerCase();
    const disposition = p.headers.get('content-disposition') ?? '';
    if (/attachment/i.test(disposition)) {
      const rawType = p.headers.get('content-type') ?? '';
      // RFC 2231 (filename*0*=utf-8''...) in the disposition, else the type's name (RFC 2047 words).
      const star = [...disposition.matchAll(/filename\*\d*\*?=(?:utf-8'')?"?([^";]+)"?/gi)].map((m) => m[1]).join('');
      const plain = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? /name="?([^";]+)"?/i.exec(rawType)?.[1] ?? '';
      attachments.push({
        filename: star ? decodeURIComponent(star) : decodeWords(plain),
        contentType: type.split(';')[0],
        content: decodeBody(p),
      });
    } else if (type.startsWith('text/html')) html += decodeBody(p).toString('utf8');
    else if (type.startsWith('text/plain')) text += decodeBody(p).toString('utf8');
  }
  return { header: (name) => decodeWords(top.headers.get(name.toLowerCase()) ?? ''), text, html, attachments };
}
