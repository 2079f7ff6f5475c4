// End-to-end runs: a current runtime build, and one real PostgreSQL (as for integration tests).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import setupDatabase from '../integration/global-setup.ts';

export default async function setup(project: TestProject) {
  const root = path.resolve(import.meta.dirname, '..', '..');
  execFileSync(process.execPath, ['--import', 'tsx', path.join(root, 'tools', 'build-runtime.ts')], {
    cwd: root,
    stdio: 'inherit',
  });
  return setupDatabase(project);
}
