// The embedded PostgreSQL after a run that was killed outright: its server is still running on
// the data directory. The next start must take over the directory and keep the data.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../server/db/embedded.ts';
import { freePort } from '../free-port.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'engine-embedded-'));
let first: EmbeddedDatabase | undefined;
let current: EmbeddedDatabase | undefined;
afterAll(async () => {
  // Without the takeover, the first server is the one still running.
  await (current ?? first)?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function query(db: EmbeddedDatabase, sql: string) {
  const client = new pg.Client({ connectionString: db.url('postgres') });
  await client.connect();
  try { return (await client.query(sql)).rows; } finally { await client.end(); }
}

it('starts over a server an earlier run left running, keeping its data', async () => {
  const port = await freePort();
  first = await startEmbeddedPostgres(dir, port);
  await query(first, 'CREATE TABLE kept (v int); INSERT INTO kept VALUES (42)');
  // The first owner is gone without stopping its server, as after SIGKILL.
  current = await startEmbeddedPostgres(dir, await freePort());
  expect(await query(current, 'SELECT v FROM kept')).toEqual([{ v: 42 }]);
}, 120_000);
