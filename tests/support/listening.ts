// Where a test server listens: the tests listen on a TCP port of 127.0.0.1.
import type { Server } from 'node:net';

/** The TCP port `server` listens on; a server not listening on one fails the test. */
export function portOf(server: Server): number {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error(`not listening on a TCP port: ${address}`);
  return address.port;
}
