// Run as a process of its own by uploads.bench.ts: uploads one file from disk (a file-backed
// Blob: never read whole into memory) and prints the milliseconds and the answer's status.
import { openAsBlob } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const [url, cookie, file] = process.argv.slice(2);
const body = new FormData();
body.append('file', await openAsBlob(file, { type: 'application/zip' }), path.basename(file));
const t0 = performance.now();
const res = await fetch(url, { method: 'POST', headers: { cookie }, body });
const answer = await res.text();
process.stdout.write(JSON.stringify({ ms: performance.now() - t0, status: res.status, answer: answer.slice(0, 200) }));
