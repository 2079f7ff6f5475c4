// Lookup lists under mvc/_lists/{ListName}: a page of entries, or one entry by AutoID. The
// underscore keeps the path apart from every table (table names start with a letter), such as
// the system table `lists`. Catalogues of the definitions (the rights) are looked up the same
// way under mvc/_catalogues/{name}, by code, in the user's language.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isCatalogue, type ListDef } from '../../definitions/language/index.ts';
import { catalogueEntry, cataloguePage } from '../data/catalogues.ts';
import { listItem, listPage } from '../data/lists.ts';
import { autoIdOf } from '../data/records.ts';
import { principalOf, translateFor } from './context.ts';
import type { Engine } from '../engine.ts';
import { bodyOf } from './context.ts';
import { badRequest, forbidden, unknownControl } from '../errors.ts';
import { filterSources, filterValues } from '../data/list-filter.ts';
import type { Principal } from '../security/index.ts';

type Params = { list: string };

function listContext(engine: Engine, request: FastifyRequest<{ Params: Params }>) {
  const snapshot = engine.registry.snapshot;
  const list = snapshot.list(request.params.list);
  if (!list) throw unknownControl(request.params.list);
  return { list, model: snapshot.table(list.table)!, principal: principalOf(request) };
}

/**
 * The limits a lookup for a field of a record being edited takes from that record (`For`, the
 * field's listFilter, over `Record`'s values); none without `For`.
 */
async function recordLimits(engine: Engine, list: ListDef, principal: Principal, body: Record<string, unknown>) {
  if (body.For === undefined) return [];
  if (String(body.For).split('.').length === 3) return [];
  const [tableName = '', fieldName = ''] = String(body.For).split('.');
  const owner = engine.registry.snapshot.table(tableName);
  const join = owner?.listJoins.find((j) => j.field.name.toLowerCase() === fieldName.toLowerCase());
  if (!owner || !join || join.list.name.toLowerCase() !== list.name.toLowerCase())
    throw badRequest('request.list_for', String(body.For), list.name);
  const given = body.Record && typeof body.Record === 'object' ? (body.Record as Record<string, unknown>) : {};
  const byName = new Map(Object.entries(given).map(([k, v]) => [k.toLowerCase(), v]));
  // Only what the filter reads is taken from the record.
  const record: Record<string, unknown> = { AutoID: byName.get('autoid') ?? null };
  for (const f of filterSources(owner, join.field)) record[f.name] = byName.get(f.name.toLowerCase()) ?? null;
  return filterValues(engine.pool, owner, join, record, (name) => engine.registry.snapshot.table(name), principal);
}

/**
 * The filter of the transition prompt a lookup is for (`For`: `table.transition.Prompt`): the rows
 * its `where` admits; none without such a `For`.
 */
function promptFilter(engine: Engine, list: ListDef, body: Record<string, unknown>): unknown {
  const steps = body.For === undefined ? [] : String(body.For).split('.');
  if (steps.length !== 3) return undefined;
  const [tableName, name, promptName] = steps.map((s) => s.toLowerCase());
  const owner = engine.registry.snapshot.table(tableName);
  const transition = owner?.workflow?.def.transitions.find((t) => t.name.toLowerCase() === name);
  const prompt = (transition?.prompts ?? []).find((p) => p.name.toLowerCase() === promptName);
  if (!prompt || prompt.list?.toLowerCase() !== list.name.toLowerCase())
    throw badRequest('request.list_for', String(body.For), list.name);
  return prompt.where;
}

export function listRoutes(app: FastifyInstance, engine: Engine): void {
  app.post<{ Params: Params }>('/mvc/_lists/:list', async (request) => {
    const { list, model, principal } = listContext(engine, request);
    const body = bodyOf(request);
    const limits = await recordLimits(engine, list, principal, body);
    return listPage(engine.pool, list, model, principal, body, limits, promptFilter(engine, list, body));
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
