// Live events (spec 1 §3/§7, spec 3 §7): a server-sent stream and the polling call, each taking
// the last received position (`LastReceived`, an opaque text the server answers) and answering
// {EventType, EventData, LastReceived}. A stream catches up from where the client was (its
// `LastReceived`, or the browser's Last-Event-ID on a reconnect), then follows the hub.
import type { FastifyInstance } from 'fastify';
import type { Engine } from '../engine.ts';
import { POSITION_DIGITS } from '../../definitions/language/index.ts';
import { AppError, badRequest } from '../errors.ts';
import {
  currentHorizon,
  eventsSince,
  messageOf,
  StreamPlaces,
  visibleTo,
  type EventHub,
  type ModelOf,
  type StoredEvent,
} from '../events/index.ts';
import { EVENT_TYPES } from '../data/events.ts';
import { principalOf } from './context.ts';
import { SESSION_COOKIE, sessionAlive } from '../security/sessions.ts';

/** Streams one user may hold open at once (tabs, windows), across every server process. */
export const MAX_STREAMS_PER_USER = 10;
/** A comment line now and then keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;

declare module 'fastify' {
  interface FastifyContextConfig {
    stream?: boolean;
  }
}

/** The Last-Event-ID header as a position, refused (400, naming the header) when it is none. */
function positionHeader(value: string | string[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  const text = Array.isArray(value) ? value.join(',') : value;
  if (text.length > POSITION_DIGITS) throw badRequest('request.text_max', 'Last-Event-ID', POSITION_DIGITS);
  if (!/^[0-9]+$/.test(text)) throw badRequest('request.pattern', 'Last-Event-ID');
  return text;
}

export function eventRoutes(app: FastifyInstance, engine: Engine, hub: EventHub): void {
  const modelOf: ModelOf = (sqlName) => engine.registry.snapshot.table(sqlName);
  const places = new StreamPlaces(engine.pool, 'live-events', MAX_STREAMS_PER_USER);
  app.addHook('onClose', async () => {
    await places.close();
  });

  app.post<{ Body: { LastReceived?: string | null } }>('/mvc/liveevents/poll', async (request) => {
    const principal = principalOf(request);
    const since = request.body?.LastReceived;
    if (!since) return { Events: [], LastReceived: await currentHorizon(engine.pool) };
    const { events, horizon } = await eventsSince(engine.pool, since);
    const seen = await visibleTo(engine.pool, principal, events, modelOf);
    return { Events: seen.map((e) => messageOf(e, horizon)), LastReceived: horizon };
  });

  app.get<{ Querystring: { LastReceived?: string } }>(
    '/mvc/liveevents/stream',
    { config: { stream: true } },
    async (request, reply) => {
      const principal = principalOf(request);
      // The browser's own reconnect sends the last position it received as Last-Event-ID, and the
      // address it first opened: the header is the newer of the two. It is checked as the edge
      // checks ?LastReceived=: a position the database cannot take is refused here, not by it.
      const header = positionHeader(request.headers['last-event-id']);
      const since = header ?? request.query.LastReceived;
      // A place per open stream, counted for the user in every process.
      const release = await places.take(principal.userId);
      if (!release) throw new AppError('TOO_MANY_REQUESTS', [MAX_STREAMS_PER_USER]);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      let caughtUpTo: bigint | null = null;
      const pending: { events: StoredEvent[]; horizon: string }[] = [];
      const token = request.cookies[SESSION_COOKIE];
      // A stream that ended (the client left, the session ended) takes nothing more.
      const send = (text: string) => {
        if (!raw.writableEnded && !raw.destroyed) raw.write(text);
      };
      const write = (events: StoredEvent[], horizon: string) => {
        for (const e of events) {
          // A session ended elsewhere ends its streams; the news of an older session's end does not.
          if (e.type === EVENT_TYPES.SessionEnded) {
            void sessionAlive(engine.pool, token).then(
              (alive) => {
                if (alive || raw.writableEnded) return;
                send(`id: ${horizon}\ndata: ${JSON.stringify(messageOf(e, horizon))}\n\n`);
                raw.end();
              },
              () => raw.end(),
            );
            continue;
          }
          send(`id: ${horizon}\ndata: ${JSON.stringify(messageOf(e, horizon))}\n\n`);
        }
      };
      // Subscribe first, so nothing committed during the catch-up is lost; what the catch-up
      // already sent is not sent again.
      const unsubscribe = hub.subscribe(principal, (events, horizon) => {
        if (caughtUpTo === null) {
          pending.push({ events, horizon });
          return;
        }
        const after = caughtUpTo;
        write(
          events.filter((e) => BigInt(e.txid) >= after),
          horizon,
        );
      });
      const heartbeat = setInterval(() => send(': ping\n\n'), HEARTBEAT_MS);
      const closed = () => {
        clearInterval(heartbeat);
        unsubscribe();
        release();
      };
      raw.on('close', closed);
      // The client may have left while its place was being taken.
      if (raw.destroyed || request.raw.socket?.destroyed) closed();
      try {
        let horizon = since ?? (await currentHorizon(engine.pool));
        send(`retry: 3000\nid: ${horizon}\n: open\n\n`);
        if (since) {
          for (let more = true; more;) {
            const read = await eventsSince(engine.pool, horizon);
            write(await visibleTo(engine.pool, principal, read.events, modelOf), read.horizon);
            more = read.horizon !== horizon && read.events.length > 0;
            horizon = read.horizon;
          }
        }
        caughtUpTo = BigInt(horizon);
        for (const p of pending.splice(0))
          write(
            p.events.filter((e) => BigInt(e.txid) >= caughtUpTo!),
            p.horizon,
          );
      } catch (err) {
        request.log.error(err);
        raw.end();
      }
    },
  );
}
