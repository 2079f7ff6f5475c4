// Lookup lists under mvc/_lists/{ListName}: a page of entries, or one entry by AutoID. The
// underscore keeps the path apart from every table (table names start with a letter), such as
// the system table `lists`. Catalogues of the definitions (the rights) are looked up the same
// way under mvc/_catalogues/{name}, by code, in the user's language.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isCatalogue } from '../../definitions/language/index.ts';
import { catalogueEntry, cataloguePage } from '../data/catalogues.ts';
import { listItem, listPage } from '../data/lists.ts';
import { autoIdOf } from '../data/records.ts';
import { principalOf, translateFor } from './context.ts';
import type { Engine } from '../engine.ts';
import { bodyOf } from './context.ts';
import { forbidden, unknownControl } from '../errors.ts';

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

  const catalogueContext = (request: FastifyRequest<{ Params: { catalogue: string } }>) => {
    const name = request.params.catalogue.toLowerCase();
    if (!isCatalogue(name)) throw unknownControl(request.params.catalogue);
    const { effective } = engine.registry.snapshot;
    const principal = principalOf(request);
    // A catalogue is looked up to fill a field that names it: for who may read such a table, as a
    // list's lookup is for who may read the list's table.
    const users = [...effective.tables.values()].filter((t) => t.fields.some((f) => f.catalogue === name));
    if (!users.some((t) => principal.can(t.right, 'read'))) throw forbidden();
    return { name, effective, principal, t: translateFor(engine, request).t };
  };
  app.post<{ Params: { catalogue: string } }>('/mvc/_catalogues/:catalogue', async (request) => {
    const { name, effective, principal, t } = catalogueContext(request);
    return cataloguePage(effective, name, principal, t, bodyOf(request));
  });
  app.post<{ Params: { catalogue: string } }>('/mvc/_catalogues/:catalogue/single', async (request) => {
    const { name, effective, principal, t } = catalogueContext(request);
    const body = bodyOf(request);
    return catalogueEntry(effective, name, principal, t, String(body.ID), body.Table);
  });
}
