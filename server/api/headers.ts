// Security headers on every answer, pages and calls alike: the runtime loads only its own
// scripts, styles and data, cannot be framed, and answers are never sniffed as another type.
import type { FastifyInstance } from 'fastify';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  // Only the runtime's own files run: no inline script, and no text turned into code (eval,
  // new Function), so an injected string can never become script.
  "script-src 'self'",
  // React and the grid set element styles (widths, positions) at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
  'cross-origin-opener-policy': 'same-origin',
};

export function securityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    for (const [name, value] of Object.entries(HEADERS)) reply.header(name, value);
    // Answers of calls hold a user's data: never kept by a browser or a proxy.
    if (request.url.toLowerCase().startsWith('/mvc/')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
