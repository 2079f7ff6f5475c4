// The webhook transport against local listeners only: every loopback, private, link-local and
// metadata form of a target is refused before a connection is made (the listener counts no hit),
// also after a redirect and after DNS resolution; a host an administrator allowed is called, with
// a signature a receiver can verify and the message's key as Idempotency-Key; a silent target
// times out and an oversized answer fails.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_WEBHOOK_SETTINGS,
  IDEMPOTENCY_HEADER,
  SIGNATURE_HEADER,
  parseAllowedHosts,
  sendWebhook,
  type WebhookSettings,
} from '../../server/messages/webhook.ts';
import type { WebhookPayload } from '../../server/messages/types.ts';
import { portOf } from '../support/listening.ts';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A listener on every local address (IPv4 and IPv6) that records each request it gets. */
async function listener(answer: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      answer(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '::', resolve));
  const port = portOf(server);
  return { seen, port, server };
}

type Listener = Awaited<ReturnType<typeof listener>>;
let target: Listener;
let silent: Listener;
let large: Listener;
let redirecting: Listener;
const secret = 'a-webhook-secret';
const KEY = '1234@outbox';

const settings = (over: Partial<WebhookSettings> = {}): WebhookSettings => ({ ...DEFAULT_WEBHOOK_SETTINGS, ...over });
const call = (url: string, over: Partial<WebhookSettings> = {}, payload: Partial<WebhookPayload> = {}) =>
  sendWebhook(
    { url, method: 'POST', body: '{"AutoID":1}', secretRef: 7, ...payload },
    { messageKey: KEY, signal: new AbortController().signal },
    { settings: async () => settings(over), secretOf: async (ref) => (ref === 7 ? secret : null) },
  );

beforeAll(async () => {
  target = await listener((_req, res) => res.end('ok'));
  silent = await listener(() => undefined);
  large = await listener((_req, res) => res.end(Buffer.alloc(64 * 1024, 'x')));
  redirecting = await listener((req, res) => {
    const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to') ?? '';
    res.writeHead(302, { location: to }).end();
  });
});

afterAll(async () => {
  for (const l of [target, silent, large, redirecting]) {
    l.server.closeAllConnections();
    await new Promise((resolve) => l.server.close(resolve));
  }
});

describe('webhook targets', () => {
  it('refuses every loopback, private, link-local and metadata form without reaching the listener', async () => {
    const p = target.port;
    const forms = [
      `http://127.0.0.1:${p}/`,
      `http://127.1.2.3:${p}/`,
      `http://[::1]:${p}/`,
      `http://[::ffff:127.0.0.1]:${p}/`,
      `http://0x7f000001:${p}/`,
      `http://2130706433:${p}/`,
      `http://0177.0.0.1:${p}/`,
      `http://localhost:${p}/`,
      `http://0.0.0.0:${p}/`,
      `http://10.1.2.3:${p}/`,
      `http://172.16.0.1:${p}/`,
      `http://172.31.255.255:${p}/`,
      `http://192.168.1.1:${p}/`,
      `http://169.254.169.254:${p}/latest/meta-data/`,
      `http://[fc00::1]:${p}/`,
      `http://[fd12:3456::1]:${p}/`,
      `http://[fe80::1]:${p}/`,
    ];
    for (const url of forms) {
      const result = await call(url);
      expect(result, url).toMatchObject({ ok: false, retry: false });
    }
    expect(target.seen).toHaveLength(0);
  });

  it('calls a host the administrator allowed, signed, with the message key as Idempotency-Key', async () => {
    const result = await call(
      `http://localhost:${target.port}/hook`,
      { allowedHosts: parseAllowedHosts('example.org\nLOCALHOST') },
      { headers: { 'X-Extra': 'yes' } },
    );
    expect(result).toEqual({ ok: true, detail: 'HTTP 200' });
    expect(target.seen).toHaveLength(1);
    const [req] = target.seen;
    expect(req).toMatchObject({ method: 'POST', url: '/hook', body: '{"AutoID":1}' });
    expect(req.headers['x-extra']).toBe('yes');
    expect(req.headers[IDEMPOTENCY_HEADER.toLowerCase()]).toBe(KEY);
    // What a receiver does: the HMAC-SHA256 of the raw body with the shared secret, in hex.
    const expected = `sha256=${createHmac('sha256', secret).update(req.body).digest('hex')}`;
    expect(req.headers[SIGNATURE_HEADER.toLowerCase()]).toBe(expected);
    expect(createHmac('sha256', 'another secret').update(req.body).digest('hex')).not.toBe(expected.slice(7));
    target.seen.length = 0;
  });

  it('refuses a redirect to loopback even from an allowed host', async () => {
    const to = encodeURIComponent(`http://127.0.0.1:${target.port}/internal`);
    const result = await call(`http://localhost:${redirecting.port}/?to=${to}`, { allowedHosts: ['localhost'] });
    expect(result).toMatchObject({ ok: false, retry: false });
    expect(redirecting.seen).toHaveLength(1);
    expect(target.seen).toHaveLength(0);
    redirecting.seen.length = 0;
  });

  it('follows at most three redirects', async () => {
    const final = `http://localhost:${target.port}/end`;
    const via = (url: string) => `http://localhost:${redirecting.port}/?to=${encodeURIComponent(url)}`;
    const allowed = { allowedHosts: ['localhost'] };
    expect(await call(via(via(via(final))), allowed)).toEqual({ ok: true, detail: 'HTTP 200' });
    expect(target.seen.map((s) => [s.method, s.url])).toEqual([['GET', '/end']]);
    target.seen.length = 0;
    expect(await call(via(via(via(via(final)))), allowed)).toMatchObject({ ok: false, retry: false });
    expect(target.seen).toHaveLength(0);
    redirecting.seen.length = 0;
  });

  it('gives up on a target that does not answer in time, to try again later', async () => {
    const result = await call(`http://localhost:${silent.port}/`, { allowedHosts: ['localhost'], timeoutMs: 300 });
    expect(result).toMatchObject({ ok: false, retry: true });
    expect(silent.seen).toHaveLength(1);
  });

  it('fails an answer larger than the limit', async () => {
    const over = await call(`http://localhost:${large.port}/`, {
      allowedHosts: ['localhost'],
      maxResponseBytes: 1024,
    });
    expect(over).toMatchObject({ ok: false, retry: false });
    expect(String(!over.ok && over.reason)).toContain('1024');
    const within = await call(`http://localhost:${large.port}/`, { allowedHosts: ['localhost'] });
    expect(within).toEqual({ ok: true, detail: 'HTTP 200' });
  });

  it('refuses other protocols and credentials in the URL', async () => {
    expect(await call('file:///etc/passwd')).toMatchObject({ ok: false, retry: false });
    expect(await call(`http://user:pw@localhost:${target.port}/`, { allowedHosts: ['localhost'] })).toMatchObject({
      ok: false,
      retry: false,
    });
    expect(target.seen).toHaveLength(0);
  });
});
