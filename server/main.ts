// Process entry: configuration, database (embedded unless DATABASE_URL), engine, HTTP.
import { buildApp } from './app.ts';
import { configFromEnv } from './config.ts';
import { startEngine } from './engine.ts';

const config = configFromEnv();
const engine = await startEngine(config, { log: (line) => { if (process.env.LOG_PG) process.stderr.write(line); } });
const { applied, seeded } = engine.applied;
console.log(`definitions applied: ${applied.length} schema change(s), ${seeded} seed row(s)`);
const app = await buildApp(engine, { logger: true });
await app.listen({ port: config.port, host: config.host });

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void app.close().then(() => engine.close()).then(() => process.exit(0));
  });
}
