// Session user logs over HTTP (security/session-logs.ts; right 12.81): the open sessions, and
// force logout of chosen ones, which ends them on every process within a second and closes the
// live-event streams of their users' ended sessions.
import type { FastifyInstance } from 'fastify';
import type { Engine } from '../engine.ts';
import { forbidden } from '../errors.ts';
import { inTransaction } from '../db/pool.ts';
import { emitEvent, EVENT_TYPES } from '../data/events.ts';
import { endSessions, openSessions } from '../security/session-logs.ts';
import { principalOf } from './context.ts';

export const SESSION_LOGS_RIGHT = '12.81';

export function sessionUserLogRoutes(app: FastifyInstance, engine: Engine): void {
  app.post<{ Body: { Username?: string | null } }>('/mvc/sessionuserlogs/Get', async (request) => {
    if (!principalOf(request).can(SESSION_LOGS_RIGHT, 'read')) throw forbidden();
    return { Sessions: await openSessions(engine.pool, request.body.Username) };
  });

  app.post<{ Body: { Ids: string[] } }>('/mvc/sessionuserlogs/ForceLogout', async (request) => {
    if (!principalOf(request).can(SESSION_LOGS_RIGHT, 'update')) throw forbidden();
    const { ended, users } = await inTransaction(engine.pool, async (client) => {
      const done = await endSessions(client, request.body.Ids);
      // Open streams of these users ask whether their session still exists, and end if not.
      for (const userId of done.users) await emitEvent(client, { type: EVENT_TYPES.SessionEnded, userId });
      return done;
    });
    request.log.info({ ended, users }, 'sessions ended by force logout');
    return { Ended: ended };
  });
}
