// Lookup lists under mvc/_lists/{ListName}: a page of entries, or one entry by AutoID. The
// underscore keeps the path apart from every table (table names start with a letter), such as
// the system table `lists`.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { listItem, listPage } from '../data/lists.ts';
import { autoIdOf } from '../data/records.ts';
import { principalOf } from './context.ts';
import type { Engine } from '../engine.ts';
import { bodyOf } from './context.ts';
import { unknownControl } from '../errors.ts';

type Params = { list: string };

function listContext(engine: Engine, request: FastifyRequest<{ Params: Params }>) {
  const snapshot = engine.registry.snapshot;
  const list = snapshot.list(request.params.list);
  if (!list) throw unknownControl(request.params.list);
  return { list, model: snapshot.table(list.table)!, principal: principalOf(request) };
}

export function listRoutes(app: FastifyInstance, engine: Engine): void {
  app.post<{ Params: Params }>('/mvc/_lists/:list', async (request) => {
    const { list, model, principal } = listContext(engine, request);
    return listPage(engine.pool, list, model, principal, bodyOf(request));
  });
  app.post<{ Params: Params }>('/mvc/_lists/:list/single', async (request) => {
    const { list, model, principal } = listContext(engine, request);
    return listItem(engine.pool, list, model, principal, autoIdOf(request.body, request.query));
  });
}
