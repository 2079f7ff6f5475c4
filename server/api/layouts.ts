// The saved-view calls of spec 1 section 7: per grid under mvc/{ControlName}, per view under
// mvc/flexgridlayout. The rules live in server/views; this file only reads requests.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Engine } from '../engine.ts';
import { authorize } from '../data/records.ts';
import { findUser } from '../security/identity.ts';
import { principalOf } from './context.ts';
import {
  availableColumns, availableFilters, createLayout, deleteLayout, layout, layouts, makeDefault, resetUser, shareableGroups, updateLayout, userDefaults,
  userLayout, type ViewContext, type ViewPrincipal,
} from '../views/index.ts';
import { bodyOf, tableContext } from './context.ts';
import { badRequest, notFound, unknownControl } from '../errors.ts';

type Params = { control: string };

export function layoutRoutes(app: FastifyInstance, engine: Engine): void {
  const context = (request: FastifyRequest): ViewContext => ({
    pool: engine.pool, snapshot: engine.registry.snapshot, principal: principalOf(request) as ViewPrincipal,
  });
  /** A grid's call: the table must exist and be readable by the principal. */
  const grid = (request: FastifyRequest<{ Params: Params }>) => {
    const { model, principal } = tableContext(engine, request, request.params.control);
    authorize(model, principal, 'read');
    return { ctx: context(request), model, body: bodyOf(request) };
  };

  app.post<{ Params: Params }>('/mvc/:control/GetUserFlexGridLayout', async (request) => {
    const { ctx, model } = grid(request);
    return userLayout(ctx, model);
  });
  app.post<{ Params: Params }>('/mvc/:control/getflexgridlayouts', async (request) => {
    const { ctx, model, body } = grid(request);
    const filter = body.Filter && typeof body.Filter === 'object' ? body.Filter as Record<string, unknown> : {};
    return layouts(ctx, model, filter);
  });
  app.post<{ Params: Params }>('/mvc/:control/createnewflexgridlayout', async (request) => {
    const { ctx, model, body } = grid(request);
    return createLayout(ctx, model, body);
  });
  app.post<{ Params: Params }>('/mvc/:control/updatedefaultlayout', async (request) => {
    const { ctx, model, body } = grid(request);
    await makeDefault(ctx, model, body.AutoID);
    return {};
  });
  app.post<{ Params: Params }>('/mvc/:control/GetAvailableColumnsForPage', async (request) => {
    const { ctx, model, body } = grid(request);
    return availableColumns(ctx, model, body.AutoID);
  });
  app.post<{ Params: Params }>('/mvc/:control/GetAvailableQueryFiltersForPage', async (request) => {
    const { ctx, model } = grid(request);
    return availableFilters(model, ctx.principal);
  });

  app.post<{ Params: Params }>('/mvc/:control/getuserdefaults', async (request) => {
    const { ctx, model } = grid(request);
    return userDefaults(ctx, model);
  });

  app.post('/mvc/flexgridlayout/getflexgridlayout', async (request) => layout(context(request), bodyOf(request).AutoID));
  app.post('/mvc/flexgridlayout/updateflexgridlayout', async (request) => {
    const body = bodyOf(request);
    return updateLayout(context(request), body.AutoID, body.FlexGridLayout);
  });
  app.post('/mvc/flexgridlayout/deleteflexgridlayout', async (request) => {
    await deleteLayout(context(request), bodyOf(request).AutoID);
    return {};
  });
  app.post('/mvc/flexgridlayout/getsecuritygroups', async (request) => shareableGroups(context(request)));
  app.post('/mvc/flexgridlayout/resetuserlayout', async (request) => {
    const ctx = context(request);
    const body = bodyOf(request);
    // Without a Username the caller resets their own defaults.
    if (body.Username !== undefined && (typeof body.Username !== 'string' || !body.Username)) throw badRequest('request.user_name', 'Username');
    const user = typeof body.Username === 'string' ? await findUser(engine.pool, body.Username) : { autoid: ctx.principal.userId };
    if (!user) throw notFound();
    let model = null;
    if (body.ControlName !== undefined && body.ControlName !== null) {
      model = typeof body.ControlName === 'string' ? ctx.snapshot.table(body.ControlName) ?? null : null;
      if (!model) throw unknownControl(String(body.ControlName));
    }
    return { Reset: await resetUser(ctx, user.autoid, model) };
  });
}
