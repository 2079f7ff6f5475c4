// Process entry: configuration, database (embedded unless DATABASE_URL), engine, HTTP.
// With WEB_CONCURRENCY=n the primary process owns the embedded database and applies the
// definitions once; n worker processes share the port (node:cluster) and the database, and a
// worker that dies is replaced.
import cluster from 'node:cluster';
import { buildApp } from './app.ts';
import { configFromEnv, type Config } from './config.ts';
import { openDatabase, startEngine } from './engine.ts';
import { LogSink } from './db/log-sink.ts';

const config = configFromEnv();

async function serve(config: Config): Promise<void> {
  const engine = await startEngine(config, {
    log: (line) => {
      if (process.env.LOG_PG) process.stderr.write(line);
    },
  });
  if (cluster.isPrimary) {
    const { applied, seeded } = engine.applied;
    console.log(`definitions applied: ${applied.length} schema change(s), ${seeded} seed row(s)`);
  }
  // The log goes to standard output and, in batches, to the table the Logs screen reads.
  const logTable = engine.registry.snapshot.table('serverlogs') ? 'serverlogs' : undefined;
  const sink = new LogSink(engine.pool, process.stdout, {
    retentionDays: config.logRetentionDays ?? 14,
    table: logTable,
  });
  const app = await buildApp(engine, { logger: { stream: sink } });
  await app.listen({ port: config.port, host: config.host });
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      void app
        .close()
        .then(() => sink.flush())
        .then(() => engine.close())
        .then(() => process.exit(0));
    });
  }
}

async function primary(config: Config): Promise<void> {
  const db = await openDatabase(config, (line) => {
    if (process.env.LOG_PG) process.stderr.write(line);
  });
  // Migrations, definitions and the first administrator, once, before any worker starts.
  const setup = await startEngine({ ...config, databaseUrl: db.url });
  const { applied, seeded } = setup.applied;
  console.log(
    `definitions applied: ${applied.length} schema change(s), ${seeded} seed row(s); starting ${config.webConcurrency} server processes`,
  );
  await setup.closeConnections();
  let stopping = false;
  const fork = () => cluster.fork({ DATABASE_URL: db.url });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`server process ${worker.process.pid} ended (${signal ?? code}); starting another`);
    fork();
  });
  for (let i = 0; i < config.webConcurrency; i++) fork();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      const workers = Object.values(cluster.workers ?? {});
      let left = workers.length;
      const done = () => {
        void db.embedded?.stop().then(() => process.exit(0));
      };
      if (!left) done();
      for (const worker of workers) {
        worker?.once('exit', () => {
          if (--left === 0) done();
        });
        worker?.kill(signal);
      }
    });
  }
}

if (config.webConcurrency > 1 && cluster.isPrimary) await primary(config);
else await serve(config);
