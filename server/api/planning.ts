// The planning board's read calls (mvc/planning/Board, mvc/planning/Capacity); the rules live in server/business/planning.ts.
// A bar is moved by the table's normal save, so no write call is here.
import type { FastifyInstance } from 'fastify';
import type { Engine } from '../engine.ts';
import { planningBoard, planningCapacity, type BoardRequest, type CapacityRequest } from '../business/index.ts';
import { principalOf, translateFor } from './context.ts';

export function planningRoutes(app: FastifyInstance, engine: Engine): void {
  app.post<{ Body: BoardRequest }>('/mvc/planning/Board', async (request) => {
    const { t } = translateFor(engine, request);
    return planningBoard(engine.pool, engine.registry.snapshot, principalOf(request), request.body, t);
  });
  app.post<{ Body: CapacityRequest }>('/mvc/planning/Capacity', async (request) =>
    planningCapacity(engine.pool, engine.registry.snapshot, principalOf(request), request.body),
  );
}
