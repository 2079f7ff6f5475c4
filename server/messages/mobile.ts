// The development transport of mobile messages (WhatsApp and the like): no provider is called; the
// message is written as a JSON file under the data directory, named by its key, and the file's
// path is the outbox row's result. A provider's transport replaces it through registerTransport.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transport } from './types.ts';

export function mobileFileTransport(dir: string): Transport {
  return async (payload, ctx) => {
    if (!('phone' in payload)) return { ok: false, retry: false, reason: 'not a mobile message' };
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, `${ctx.messageKey.replace(/[^A-Za-z0-9_.-]/g, '_')}.json`);
    await writeFile(file, JSON.stringify({ messageId: ctx.messageId, attempt: ctx.attempt, ...payload }, null, 2));
    return { ok: true, detail: file };
  };
}
