// The planning board's read calls (mvc/planning/Board, Monitors, Capacity); the rules live in server/business/planning.ts.
// A bar is moved by the table's normal save, so no write call is here.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ScreenKind } from '../../definitions/language/index.ts';
import type { Engine } from '../engine.ts';
import { forbidden } from '../errors.ts';
import type { Principal } from '../security/principal.ts';
import {
  planningBoard,
  planningCapacity,
  planningMonitors,
  type BoardRequest,
  type CapacityRequest,
} from '../business/index.ts';
import { principalOf, translateFor } from './context.ts';

/**
 * The principal of a call that answers a screen of its own (the Planbord, capacity planning): they
 * must hold the read right of a screen of that kind (21.1, 21.2), besides the rights of the tables
 * the answer reads. Without such a screen in the definitions the call answers no one.
 */
function screenReader(engine: Engine, request: FastifyRequest, kind: ScreenKind): Principal {
  const principal = principalOf(request);
  const screens = [...engine.registry.snapshot.effective.screens.values()].filter((s) => s.value.kind === kind);
  if (!screens.some((s) => principal.can(s.value.rights?.read, 'read'))) throw forbidden();
  return principal;
}

export function planningRoutes(app: FastifyInstance, engine: Engine): void {
  app.post<{ Body: BoardRequest }>('/mvc/planning/Board', async (request) => {
    const principal = screenReader(engine, request, 'planning');
    const { t } = translateFor(engine, request);
    return planningBoard(engine.pool, engine.registry.snapshot, principal, request.body, t);
  });
  // The board's monitors under the board's right (21.1), not only under their table's own (10.65).
  app.post('/mvc/planning/Monitors', async (request) => {
    const principal = screenReader(engine, request, 'planning');
    const { t } = translateFor(engine, request);
    return planningMonitors(engine.pool, engine.registry.snapshot, principal, t);
  });
  app.post<{ Body: CapacityRequest }>('/mvc/planning/Capacity', async (request) =>
    planningCapacity(engine.pool, engine.registry.snapshot, screenReader(engine, request, 'capacity'), request.body),
  );
}
