// The embedded PostgreSQL after a run that was killed outright: its server is still running on
// the data directory. The next start must take over the directory and keep the data. And its
// password is the data directory's own, not one every local user knows.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { PASSWORD_FILE, startEmbeddedPostgres, type EmbeddedDatabase } from '../../server/db/embedded.ts';
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
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

it('starts over a server an earlier run left running, keeping its data', async () => {
  const port = await freePort();
  first = await startEmbeddedPostgres(dir, port);
  await query(first, 'CREATE TABLE kept (v int); INSERT INTO kept VALUES (42)');
  // The first owner is gone without stopping its server, as after SIGKILL.
  current = await startEmbeddedPostgres(dir, await freePort());
  expect(await query(current, 'SELECT v FROM kept')).toEqual([{ v: 42 }]);
}, 120_000);

it('keeps a generated password of its own, readable by its owner only, and replaces the old fixed one', async () => {
  const file = path.join(dir, PASSWORD_FILE);
  expect(statSync(file).mode & 0o777).toBe(0o600);
  const port = Number(new URL(current!.url('postgres')).port);
  const as = (password: string) =>
    new pg.Client({ connectionString: `postgres://postgres:${password}@127.0.0.1:${port}/postgres` });
  await expect(as('postgres').connect()).rejects.toThrow(/password authentication failed/);
  // A data directory of an earlier version: the well-known password and no password file.
  await query(current!, `ALTER ROLE postgres PASSWORD 'postgres'`);
  await current!.stop();
  rmSync(file);
  current = await startEmbeddedPostgres(dir, port);
  expect(readFileSync(file, 'utf8').trim()).not.toBe('postgres');
  await expect(as('postgres').connect()).rejects.toThrow(/password authentication failed/);
  expect(await query(current, 'SELECT v FROM kept')).toEqual([{ v: 42 }]);
}, 120_000);
