// The transports the product ships: e-mail over SMTP and mobile messages to files in development.
// Installed once per process, before the first send; another registration (a provider's) wins.
import path from 'node:path';
import type pg from 'pg';
import type { FileStore } from '../files/index.ts';
import { emailTransport } from './email.ts';
import { mobileFileTransport } from './mobile.ts';
import { registerTransport, transportOf } from './outbox.ts';
import { cachedMailSettings } from './settings.ts';

export const OUTBOX_JOB = 'outbox-send';

export function installTransports(deps: { pool: pg.Pool; files: FileStore; dataDir: string }): void {
  if (!transportOf('email'))
    registerTransport(
      'email',
      emailTransport({ settings: cachedMailSettings(deps.pool), files: { db: deps.pool, store: deps.files } }),
    );
  if (!transportOf('mobile'))
    registerTransport('mobile', mobileFileTransport(path.join(deps.dataDir, 'mobile-outbox')));
}
