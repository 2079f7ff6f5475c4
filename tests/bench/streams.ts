// Run as a process of its own by events.bench.ts: holds many live-event streams open on a server,
// and a plain LISTEN on PostgreSQL as the floor. Prints READY when every stream is open; until
// its stdin closes it records when each marked event arrives on each stream (and on the floor);
// then prints the arrival times as JSON.
import { performance } from 'node:perf_hooks';
import pg from 'pg';

const [base, cookiesJson, perCookieText, databaseUrl] = process.argv.slice(2);
const cookies = JSON.parse(cookiesJson) as string[];
const perCookie = Number(perCookieText);
/** Arrival (epoch ms) per marker (the AutoID of a saved row), per stream. */
const arrivals: Record<string, number[]> = {};
const floor: Record<string, number> = {};
const now = () => performance.timeOrigin + performance.now();

const listener = new pg.Client({ connectionString: databaseUrl });
await listener.connect();
await listener.query('LISTEN bench_floor');
listener.on('notification', (n) => {
  floor[n.payload ?? ''] = now();
});

let open = 0;
const controllers: AbortController[] = [];
async function follow(cookie: string): Promise<void> {
  const controller = new AbortController();
  controllers.push(controller);
  const res = await fetch(`${base}/mvc/liveevents/stream`, { headers: { cookie }, signal: controller.signal });
  if (res.status !== 200) throw new Error(`stream answered ${res.status}`);
  open++;
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
    if (done) return;
    text += decoder.decode(value, { stream: true });
    let cut;
    while ((cut = text.indexOf('\n\n')) >= 0) {
      const block = text.slice(0, cut);
      text = text.slice(cut + 2);
      const data = block.split('\n').find((l) => l.startsWith('data: '));
      if (!data) continue;
      const id = String((JSON.parse(data.slice(6)) as { EventData: { AutoID?: number } }).EventData.AutoID);
      (arrivals[id] ??= []).push(now());
    }
  }
}

const running = cookies.flatMap((c) => Array.from({ length: perCookie }, () => follow(c)));
while (open < cookies.length * perCookie) await new Promise((r) => setTimeout(r, 50));
process.stdout.write('READY\n');
process.stdin.resume();
await new Promise((r) => process.stdin.on('end', r));
for (const c of controllers) c.abort();
await Promise.allSettled(running);
await listener.end();
process.stdout.write(`${JSON.stringify({ arrivals, floor })}\n`);
