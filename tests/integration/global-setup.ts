// One real PostgreSQL for the whole run: DATABASE_URL's server when set (each test file then
// creates a database of its own there), else an embedded PostgreSQL in a temporary folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../server/db/embedded.ts';
import { freePort } from '../free-port.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgAdminUrl', process.env.DATABASE_URL);
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'engine-test-'));
  const pg = await startEmbeddedPostgres(dir, await freePort());
  project.provide('pgAdminUrl', pg.url('postgres'));
  return async () => {
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
