// One user cannot take the server from the others: each signed-in user has at most
// `perUser` calls running at once in a process; further calls wait their turn in order, and
// past `queue` waiting calls a call is refused (429). The runtime's few parallel calls at a
// screen's start wait a moment at most; a script opening many connections gets the share of one
// user, and the connection pool stays free for everyone else.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../errors.ts';

export interface FairShare {
  perUser: number;
  queue: number;
}

interface Lane {
  running: number;
  waiting: (() => void)[];
}
/** A call's place: in its user's lane, running (held) or waiting. */
interface Place {
  user: number;
  lane: Lane;
  held: boolean;
  wake?: () => void;
}

declare module 'fastify' {
  interface FastifyRequest {
    fairSharePlace?: Place;
  }
}

export function fairShare(app: FastifyInstance, limits: FairShare): void {
  const lanes = new Map<number, Lane>();

  function leave(request: FastifyRequest): void {
    const place = request.fairSharePlace;
    if (!place) return;
    request.fairSharePlace = undefined;
    const { lane } = place;
    if (!place.held) {
      // Gone while waiting (the client went away): only its turn goes.
      lane.waiting = lane.waiting.filter((w) => w !== place.wake);
      return;
    }
    const next = lane.waiting.shift();
    if (next) {
      next();
      return;
    }
    lane.running--;
    if (!lane.running && !lane.waiting.length) lanes.delete(place.user);
  }

  // After the session guard (onRequest), so the user is known; before the body is read.
  app.addHook('preParsing', async (request, reply) => {
    const user = request.principal?.userId;
    // A stream is open for as long as the page is: it has limits of its own (api/events.ts).
    if (user === undefined || request.routeOptions.config?.stream) return;
    // A client already gone (while its session was checked) takes no place: its 'close' is past.
    if (request.raw.socket?.destroyed) throw badRequest('request.connection_closed');
    // The response's 'close' comes however a call ends: answered, failed, or the client gone
    // (then no hook may run, and a place kept would be lost for good).
    reply.raw.once('close', () => leave(request));
    let lane = lanes.get(user);
    if (!lane) {
      lane = { running: 0, waiting: [] };
      lanes.set(user, lane);
    }
    const place: Place = { user, lane, held: false };
    if (lane.running < limits.perUser) {
      lane.running++;
      place.held = true;
      request.fairSharePlace = place;
      return;
    }
    if (lane.waiting.length >= limits.queue) throw new AppError('TOO_MANY_REQUESTS', [limits.perUser]);
    request.fairSharePlace = place;
    // The place is handed over by the call that ends (running stays the same).
    await new Promise<void>((resolve) => {
      place.wake = () => {
        place.held = true;
        resolve();
      };
      lane.waiting.push(place.wake);
    });
  });
  app.addHook('onResponse', async (request) => leave(request));
}
