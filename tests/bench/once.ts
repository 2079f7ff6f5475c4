// Run as a process of its own by load.ts: one request, timed; prints the milliseconds it took
// and the answer's status (for calls that change data and so cannot be repeated).
import { performance } from 'node:perf_hooks';

const [url, method, headersJson, bodyJson] = process.argv.slice(2);
const t0 = performance.now();
const res = await fetch(url, {
  method,
  headers: JSON.parse(headersJson) as Record<string, string>,
  ...(method === 'POST' ? { body: bodyJson } : {}),
});
const answer = await res.text();
process.stdout.write(JSON.stringify({ ms: performance.now() - t0, status: res.status, answer: answer.slice(0, 300) }));
