// The webhook transport: one HTTP call per outbox message. The target is checked after DNS
// resolution and again on every redirect (at most MAX_REDIRECTS): loopback, private, link-local,
// unique-local and metadata addresses are refused (request-filtering-agent refuses any address
// that is not public unicast, whatever way the URL spells it), unless an administrator allowed the
// host by name. The body is signed with the webhook's secret (HMAC-SHA256) and the message's key
// travels as Idempotency-Key, so a receiver can verify the sender and drop a repeated delivery.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import type { Transport, TransportResult, WebhookPayload } from './types.ts';

/** The header carrying `sha256=<hex HMAC-SHA256 of the body with the webhook's secret>`. */
export const SIGNATURE_HEADER = 'X-Webhook-Signature';
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const MAX_REDIRECTS = 3;

export interface WebhookSettings {
  /** Host names (lower case, as the URL names them) an administrator allowed whatever their address. */
  allowedHosts: readonly string[];
  timeoutMs: number;
  /** The most bytes of an answer read; a longer answer fails the call. */
  maxResponseBytes: number;
}

export const DEFAULT_WEBHOOK_SETTINGS: WebhookSettings = {
  allowedHosts: [],
  timeoutMs: 10_000,
  maxResponseBytes: 256 * 1024,
};

export interface WebhookDeps {
  settings(): Promise<WebhookSettings>;
  /** The secret of the webhook definition row `ref`; null when it has none. */
  secretOf(ref: number): Promise<string | null>;
}

/** The signature header's value for a body: what a receiver recomputes to verify it. */
export const signatureOf = (secret: string, body: string): string =>
  `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;

/** An allowed-hosts setting (one host per line, or separated by commas or spaces) as a list. */
export const parseAllowedHosts = (text: string | null | undefined): string[] =>
  (text ?? '')
    .split(/[\s,;]+/)
    .map((h) =>
      h
        .trim()
        .toLowerCase()
        .replace(/^\[|\]$/g, ''),
    )
    .filter(Boolean);

/** A URL's host as the allow list names it (without IPv6 brackets). */
const hostOf = (url: URL) => url.hostname.toLowerCase().replace(/^\[|\]$/g, '');

class Refused extends Error {}

interface Hop {
  status: number;
  location: string | null;
}

/** One request without following redirects; the agent refuses a forbidden address before connecting. */
function request(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  settings: WebhookSettings,
  signal: AbortSignal,
): Promise<Hop> {
  const allowed = settings.allowedHosts.includes(hostOf(url));
  const secure = url.protocol === 'https:';
  const agent = allowed
    ? new (secure ? https.Agent : http.Agent)()
    : new (secure ? RequestFilteringHttpsAgent : RequestFilteringHttpAgent)();
  const send = secure ? https.request : http.request;
  return new Promise<Hop>((resolve, reject) => {
    const req = send(url, { method, headers, agent, signal }, (res) => {
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > settings.maxResponseBytes) {
          res.destroy();
          reject(new Refused(`the answer is larger than ${settings.maxResponseBytes} bytes`));
        }
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location ?? null }));
      res.on('error', reject);
    });
    req.on('error', (err) => {
      agent.destroy();
      reject(/is not allowed/.test(err.message) ? new Refused(err.message) : err);
    });
    req.on('close', () => agent.destroy());
    req.end(body);
  });
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Sends one webhook call; answers whether it arrived and, if not, whether a retry may help. */
export async function sendWebhook(
  payload: WebhookPayload,
  ctx: { messageKey: string; signal: AbortSignal },
  deps: WebhookDeps,
): Promise<TransportResult> {
  const settings = await deps.settings();
  const secret = payload.secretRef ? await deps.secretOf(payload.secretRef) : null;
  let url: URL;
  try {
    url = new URL(payload.url);
  } catch {
    return { ok: false, retry: false, reason: `not a URL: ${payload.url}` };
  }
  let method: string = payload.method;
  let body = method === 'GET' ? undefined : (payload.body ?? '');
  const timeout = AbortSignal.timeout(settings.timeoutMs);
  const signal = AbortSignal.any([ctx.signal, timeout]);
  try {
    for (let hop = 0; ; hop++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        return { ok: false, retry: false, reason: `protocol ${url.protocol} is not allowed` };
      if (url.username || url.password) return { ok: false, retry: false, reason: 'credentials in the URL' };
      const headers: Record<string, string> = {
        'user-agent': 'webhook-sender',
        ...(payload.headers ?? {}),
        [IDEMPOTENCY_HEADER]: ctx.messageKey,
      };
      if (body !== undefined) {
        headers['content-length'] = String(Buffer.byteLength(body));
        if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type'))
          headers['content-type'] = 'application/json';
      }
      if (secret) headers[SIGNATURE_HEADER] = signatureOf(secret, body ?? '');
      const answer = await request(url, method, headers, body, settings, signal);
      if (REDIRECTS.has(answer.status) && answer.location) {
        if (hop >= MAX_REDIRECTS) return { ok: false, retry: false, reason: `more than ${MAX_REDIRECTS} redirects` };
        url = new URL(answer.location, url);
        // A 303 (and a 301/302 of a POST, as browsers do) goes on as a GET without the body.
        if (answer.status === 303 || ((answer.status === 301 || answer.status === 302) && method === 'POST')) {
          method = 'GET';
          body = undefined;
        }
        continue;
      }
      if (answer.status >= 200 && answer.status < 300) return { ok: true, detail: `HTTP ${answer.status}` };
      const retry = answer.status >= 500 || answer.status === 408 || answer.status === 429;
      return { ok: false, retry, reason: `HTTP ${answer.status}` };
    }
  } catch (err) {
    if (err instanceof Refused) return { ok: false, retry: false, reason: err.message };
    if (timeout.aborted) return { ok: false, retry: true, reason: `no answer within ${settings.timeoutMs} ms` };
    return { ok: false, retry: true, reason: err instanceof Error ? err.message : String(err) };
  }
}

/** The transport to register for kind 'webhook'. */
export const webhookTransport =
  (deps: WebhookDeps): Transport =>
  (payload, ctx) =>
    'url' in payload
      ? sendWebhook(payload, ctx, deps)
      : Promise.resolve({ ok: false, retry: false, reason: 'not a webhook message' });
