// Load from a separate process: autocannon's command line, so the load generator does not share
// the event loop of the servers it measures.
import { spawn } from 'node:child_process';
import path from 'node:path';

const BIN = path.resolve(import.meta.dirname, '..', '..', 'node_modules', '.bin', 'autocannon');
const SEQUENTIAL = path.resolve(import.meta.dirname, 'sequential.ts');
const ONCE = path.resolve(import.meta.dirname, 'once.ts');

function run(command: string, args: string[], stderr: 'inherit' | 'ignore' = 'inherit'): Promise<string> {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', stderr] });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', () => resolve(out));
  });
}

/** Median latency of one connection's sequential requests, from a process of its own. */
export async function latency(
  url: string,
  opts: Omit<LoadOptions, 'connections'>,
): Promise<{ p50: number; n: number; failures: number }> {
  const headers = { 'content-type': 'application/json', ...opts.headers };
  const out = await run(process.execPath, [
    '--import',
    'tsx',
    SEQUENTIAL,
    url,
    opts.method ?? 'POST',
    JSON.stringify(headers),
    JSON.stringify(opts.body ?? {}),
    String(opts.seconds),
  ]);
  return JSON.parse(out);
}

/** One request from a process of its own, timed: for calls that change data and cannot repeat. */
export async function once(
  url: string,
  opts: Omit<LoadOptions, 'connections' | 'seconds'>,
): Promise<{ ms: number; status: number; answer: string }> {
  const headers = { 'content-type': 'application/json', ...opts.headers };
  const out = await run(process.execPath, [
    '--import',
    'tsx',
    ONCE,
    url,
    opts.method ?? 'POST',
    JSON.stringify(headers),
    JSON.stringify(opts.body ?? {}),
  ]);
  return JSON.parse(out);
}

export interface LoadResult {
  requests: number;
  rps: number;
  statuses: Record<string, { count: number }>;
  p50: number;
  errors: number;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: unknown;
}

export async function load(url: string, opts: LoadOptions): Promise<LoadResult> {
  const args = ['-c', String(opts.connections), '-d', String(opts.seconds), '-m', opts.method ?? 'POST', '--json'];
  for (const [k, v] of Object.entries({ 'content-type': 'application/json', ...opts.headers }))
    args.push('-H', `${k}=${v}`);
  if ((opts.method ?? 'POST') === 'POST') args.push('-b', JSON.stringify(opts.body ?? {}));
  const out = await run(BIN, [...args, url], 'ignore');
  try {
    const r = JSON.parse(out);
    return {
      requests: r.requests.total,
      rps: r.requests.total / r.duration,
      statuses: r.statusCodeStats ?? {},
      p50: r.latency.p50,
      errors: r.errors + r.non2xx,
    };
  } catch (err) {
    throw new Error(`autocannon gave no result for ${url}: ${String(err)}`);
  }
}
