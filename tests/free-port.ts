// A free TCP port on loopback, for the embedded PostgreSQL of tests and benchmarks and for their
// servers. Below the ports the system gives outgoing connections (Linux 32768–60999): a port from
// there can be taken by the local end of a reconnect while a test's database is stopped, and the
// database could not bind it again (outage.test.ts stops and starts one).
import { createServer } from 'node:net';

const LOWEST = 20_000;
const HIGHEST = 32_767;

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
  for (let tries = 0; tries < 200; tries++) {
    const port = LOWEST + Math.floor(Math.random() * (HIGHEST - LOWEST + 1));
    if (await bindable(port)) return port;
  }
  throw new Error(`no free port from ${LOWEST} to ${HIGHEST} on 127.0.0.1`);
}
