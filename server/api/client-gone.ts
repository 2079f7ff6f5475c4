// A client that goes away before its request is answered (a closed tab, a cut connection): what
// fails then is the connection, not the server or its database, so it is logged as an aborted
// request (info) rather than as an outage or a fault, and work that waits on its body ends.
import type { FastifyRequest } from 'fastify';

/** Whether the request's client went away: the body cut off, or the connection closed unanswered. */
export const clientGone = (request: FastifyRequest): boolean =>
  request.raw.aborted || request.raw.socket?.destroyed === true;

/** An error that says the client went away (what a part being read fails with). */
export const clientGoneError = (): Error =>
  Object.assign(new Error('the client went away before it was answered'), { code: 'CLIENT_GONE' });

export function logClientGone(request: FastifyRequest, err: unknown): void {
  request.log.info({ url: request.url, reason: (err as Error)?.message }, 'request aborted by the client');
}

/**
 * Calls `onGone` once if the connection closes before the request is answered (at once if it
 * has); answers a function that stops listening, for when the work is done.
 */
export function whenClientGone(request: FastifyRequest, onGone: () => void): () => void {
  const socket = request.raw.socket;
  if (!socket || socket.destroyed) {
    onGone();
    return () => {};
  }
  socket.once('close', onGone);
  return () => socket.off('close', onGone);
}
