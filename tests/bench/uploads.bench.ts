// Upload benchmark: a 1 GB zip streamed to the file store, beside a plain file copy on the same
// disk, with the server's memory watched while it runs.
//
// What is measured
//   A separate process (curl, else Node with a file-backed Blob) uploads a 1 GB zip as multipart
//   to the signed-in server. The floors: a plain copy of the same file on the same disk (the
//   kernel's copy_file_range, bytes never reaching a process) and a streamed copy (read and
//   written through one process, as the server must). The server's resident memory is sampled
//   every 50 ms during the upload.
//
// Nothing is asserted: the figures are printed.
import { spawn } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  copyFileSync,
  createReadStream,
  createWriteStream,
  mkdtempSync,
  openSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../../server/app.ts';
import { configFromEnv } from '../../server/config.ts';
import { startEngine } from '../../server/engine.ts';
import { freePort } from '../free-port.ts';

const MB = 1024 * 1024;
const SIZE_MB = Number(process.env.UPLOAD_BENCH_MB) > 0 ? Number(process.env.UPLOAD_BENCH_MB) : 1000;
const PASSWORD = 'Bench-admin-1';
const log = (line: string) => process.stderr.write(`${line}\n`);

/** A zip-looking file: the zip signature, then random bytes (the store does not unpack). */
function makeZip(file: string): void {
  const chunk = randomBytes(MB);
  chunk.write('PK\x03\x04', 0, 'latin1');
  const fd = openSync(file, 'w');
  for (let i = 0; i < SIZE_MB; i++) writeSync(fd, chunk, 0, MB);
  closeSync(fd);
  chunk.fill(0);
}

/** curl when the machine has it (the leanest client), else a Node process with a file-backed Blob. */
async function upload(
  url: string,
  cookie: string,
  file: string,
): Promise<{ ms: number; status: number; client: string }> {
  const t0 = performance.now();
  const status = await new Promise<number | null>((resolve) => {
    const curl = spawn(
      'curl',
      [
        '-s',
        '-o',
        '/dev/null',
        '-w',
        '%{http_code}',
        '-H',
        `cookie: ${cookie}`,
        '-F',
        `file=@${file};type=application/zip`,
        url,
      ],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    let out = '';
    curl.stdout.on('data', (d) => {
      out += d;
    });
    curl.on('error', () => resolve(null));
    curl.on('close', () => resolve(out ? Number(out) : null));
  });
  if (status !== null) return { ms: performance.now() - t0, status, client: 'curl' };
  const result = JSON.parse(await run([path.join(import.meta.dirname, 'upload.ts'), url, cookie, file])) as {
    ms: number;
    status: number;
  };
  return { ...result, client: 'node fetch' };
}

function run(args: string[]): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  return new Promise((resolve) => child.on('close', () => resolve(out)));
}

async function main(): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), 'uploads-bench-'));
  chmodSync(work, 0o755);
  const zip = path.join(work, 'archief.zip');
  log(`writing a ${SIZE_MB} MB zip...`);
  makeZip(zip);
  const engine = await startEngine({
    ...configFromEnv(),
    logLevel: 'warn',
    dataDir: path.join(work, 'data'),
    filesDir: path.join(work, 'files'),
    embeddedPgPort: await freePort(),
    adminPassword: PASSWORD,
    workers: 0,
  });
  const app = await buildApp(engine);
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const login = await fetch(`${base}/mvc/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];

    log('copying the file (the floors)...');
    const c0 = performance.now();
    copyFileSync(zip, path.join(work, 'copy.zip'));
    const copyMs = performance.now() - c0;
    rmSync(path.join(work, 'copy.zip'));
    const s0 = performance.now();
    await pipeline(createReadStream(zip), createWriteStream(path.join(work, 'copy.zip')));
    const streamMs = performance.now() - s0;
    rmSync(path.join(work, 'copy.zip'));

    log('uploading...');
    const idle = process.memoryUsage().rss / MB;
    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss / MB);
    }, 50);
    // One zip for a document's file: an upload names the field it is for.
    const result = await upload(`${base}/mvc/files/upload?table=documents&field=File`, cookie, zip);
    clearInterval(sampler);
    const rate = (ms: number) => SIZE_MB / (ms / 1000);
    console.log(`\nUpload of a ${SIZE_MB} MB zip from a separate process (${result.client}, status ${result.status})`);
    console.log(`engine ${rate(result.ms).toFixed(0)} MB/s (${(result.ms / 1000).toFixed(1)} s)`);
    console.log(
      `plain file copy (kernel copy_file_range) ${rate(copyMs).toFixed(0)} MB/s: engine/copy ${((copyMs / result.ms) * 100).toFixed(0)}%`,
    );
    console.log(
      `streamed file copy (read and write through the process) ${rate(streamMs).toFixed(0)} MB/s: engine/streamed copy ${((streamMs / result.ms) * 100).toFixed(0)}%`,
    );
    console.log(
      `server resident memory: before ${idle.toFixed(0)} MB, peak during the upload ${peak.toFixed(0)} MB (+${(peak - idle).toFixed(0)} MB)`,
    );
  } finally {
    await app.close();
    await engine.close();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
