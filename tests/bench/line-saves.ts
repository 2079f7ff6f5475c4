// Run as a process of its own by derived.bench.ts: saves one order line again and again, each time
// with another quantity and the TimeStamp the last answer gave (the first from the caller); prints
// the median milliseconds.
import { performance } from 'node:perf_hooks';

const [url, headersJson, autoIdText, countText, stampText] = process.argv.slice(2);
const headers = { 'content-type': 'application/json', ...(JSON.parse(headersJson) as Record<string, string>) };
const times: number[] = [];
let stamp = Number(stampText);
let failures = 0;
for (let i = 0; i < Number(countText); i++) {
  const body = { AutoID: Number(autoIdText), TimeStamp: stamp, OrderQuantity: 1 + (i % 7) };
  const t0 = performance.now();
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  const answer = (await res.json()) as { TimeStamp?: number };
  times.push(performance.now() - t0);
  if (res.status !== 200) failures++;
  stamp = answer.TimeStamp ?? stamp;
}
times.sort((a, b) => a - b);
process.stdout.write(JSON.stringify({ p50: times[Math.floor(times.length / 2)], n: times.length, failures }));
