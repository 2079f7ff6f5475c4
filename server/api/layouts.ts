// The saved-view calls of spec 1 section 7: per grid under mvc/{ControlName}, per view under
// mvc/flexgridlayout. The rules live in server/views; this file only reads requests.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Engine } from '../engine.ts';
import { authorize } from '../data/records.ts';
import { findUser } from '../security/identity.ts';
import { principalOf } from './context.ts';
import {
  availableColumns,
  availableFilters,
  createLayout,
  deleteLayout,
  layout,
  layouts,
  makeDefault,
  mayResetUser,
  resetUser,
  shareableGroups,
  updateLayout,
  userDefaults,
  userLayout,
  type CreateRequest,
  type ViewContext,
  type ViewPrincipal,
} from '../views/index.ts';
import { tableContext, translateFor } from './context.ts';
import { notFound, unknownControl } from '../errors.ts';
import type { LayoutContentRequest } from '../../definitions/language/index.ts';

type Params = { control: string };

export function layoutRoutes(app: FastifyInstance, engine: Engine): void {
  const context = (request: FastifyRequest): ViewContext => ({
    pool: engine.pool,
    snapshot: engine.registry.snapshot,
    principal: principalOf(request) as ViewPrincipal,
    t: translateFor(engine, request).t,
  });
  /** A grid's call: the table must exist and be readable by the principal. */
  const grid = (request: FastifyRequest<{ Params: Params }>) => {
    const { model, principal } = tableContext(engine, request, request.params.control);
    authorize(model, principal, 'read');
    return { ctx: context(request), model };
  };
  // Bodies have the shapes their calls declare (api-schemas), checked at the edge.
  type ById = { AutoID: number };

  app.post<{ Params: Params }>('/mvc/:control/GetUserFlexGridLayout', async (request) => {
    const { ctx, model } = grid(request);
    return userLayout(ctx, model);
  });
  app.post<{ Params: Params; Body: { Filter?: { PageSize?: number; PageIndex?: number } } }>(
    '/mvc/:control/getflexgridlayouts',
    async (request) => {
      const { ctx, model } = grid(request);
      return layouts(ctx, model, request.body?.Filter ?? {});
    },
  );
  app.post<{ Params: Params; Body: CreateRequest }>('/mvc/:control/createnewflexgridlayout', async (request) => {
    const { ctx, model } = grid(request);
    return createLayout(ctx, model, request.body);
  });
  app.post<{ Params: Params; Body: ById }>('/mvc/:control/updatedefaultlayout', async (request) => {
    const { ctx, model } = grid(request);
    await makeDefault(ctx, model, request.body.AutoID);
    return {};
  });
  app.post<{ Params: Params; Body: { AutoID?: number | null } }>(
    '/mvc/:control/GetAvailableColumnsForPage',
    async (request) => {
      const { ctx, model } = grid(request);
      return availableColumns(ctx, model, request.body?.AutoID);
    },
  );
  app.post<{ Params: Params }>('/mvc/:control/GetAvailableQueryFiltersForPage', async (request) => {
    const { ctx, model } = grid(request);
    return availableFilters(model, ctx.principal);
  });

  app.post<{ Params: Params }>('/mvc/:control/getuserdefaults', async (request) => {
    const { ctx, model } = grid(request);
    return userDefaults(ctx, model);
  });

  app.post<{ Body: ById }>('/mvc/flexgridlayout/getflexgridlayout', async (request) =>
    layout(context(request), request.body.AutoID),
  );
  app.post<{ Body: ById & { FlexGridLayout: LayoutContentRequest } }>(
    '/mvc/flexgridlayout/updateflexgridlayout',
    async (request) => updateLayout(context(request), request.body.AutoID, request.body.FlexGridLayout),
  );
  app.post<{ Body: ById }>('/mvc/flexgridlayout/deleteflexgridlayout', async (request) => {
    await deleteLayout(context(request), request.body.AutoID);
    return {};
  });
  app.post('/mvc/flexgridlayout/getsecuritygroups', async (request) => shareableGroups(context(request)));
  app.post<{ Body: { Username?: string; ControlName?: string | null } | undefined }>(
    '/mvc/flexgridlayout/resetuserlayout',
    async (request) => {
      const ctx = context(request);
      const { Username, ControlName } = request.body ?? {};
      // The right first: who may not reset another user's defaults gets 403 whether the name exists or not.
      mayResetUser(
        ctx.principal,
        Username === undefined || Username.toLowerCase() === ctx.principal.username.toLowerCase(),
      );
      // Without a Username the caller resets their own defaults.
      const user = Username !== undefined ? await findUser(engine.pool, Username) : { autoid: ctx.principal.userId };
      if (!user) throw notFound();
      let model = null;
      if (ControlName !== undefined && ControlName !== null) {
        model = ctx.snapshot.table(ControlName) ?? null;
        if (!model) throw unknownControl(ControlName);
      }
      return { Reset: await resetUser(ctx, user.autoid, model) };
    },
  );
}
