// Builds the runtime when runtime/dist is missing or older than its sources, so `npm start` on a
// fresh checkout serves a current runtime without a separate build step.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'runtime', 'dist', 'index.html');

function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'dist' || entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

const sources = Math.max(
  newest(path.join(root, 'runtime')),
  newest(path.join(root, 'locales')),
  newest(path.join(root, 'definitions', 'language')),
  statSync(path.join(root, 'vite.config.ts')).mtimeMs,
);
if (!existsSync(built) || statSync(built).mtimeMs < sources || process.argv.includes('--force')) {
  console.log('building the runtime...');
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
    { cwd: root, stdio: 'inherit' },
  );
}
