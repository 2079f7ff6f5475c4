// Run as a process of its own by load.ts: one connection, one request after another, for a
// number of seconds; prints the median latency in milliseconds (with fractions, which
// autocannon's whole-millisecond figures lack for sub-millisecond calls).
import { performance } from 'node:perf_hooks';

const [url, method, headersJson, bodyJson, secondsText] = process.argv.slice(2);
const headers = JSON.parse(headersJson) as Record<string, string>;
const until = performance.now() + Number(secondsText) * 1000;
const samples: number[] = [];
let failures = 0;
for (let i = 0; performance.now() < until; i++) {
  const t0 = performance.now();
  const res = await fetch(url, { method, headers, ...(method === 'POST' ? { body: bodyJson } : {}) });
  await res.arrayBuffer();
  if (i >= 20) samples.push(performance.now() - t0); // after a warm-up
  if (!res.ok) failures++;
}
samples.sort((a, b) => a - b);
process.stdout.write(
  JSON.stringify({ p50: samples[Math.floor(samples.length / 2)] ?? NaN, n: samples.length, failures }),
);
