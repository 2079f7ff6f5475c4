// The business-record calls per table under mvc/{ControlName}: transitions, status changes and
// screen actions as batches, the status log and dashboards. The rules live in server/business.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ChangeStatusRequest, RunActionRequest } from '../../definitions/language/index.ts';
import type { Engine } from '../engine.ts';
import { authorize, readRecord } from '../data/records.ts';
import { typeChangeImpact } from '../data/typed-properties.ts';
import { badRequest } from '../errors.ts';
import { messageIn } from '../texts.ts';
import {
  changeStatus,
  dashboard,
  runAction,
  statusLog,
  transitionsOf,
  type BusinessContext,
} from '../business/index.ts';
import { actionBehaviours } from '../behaviours/index.ts';
import { automationBehaviours } from '../automations/index.ts';
import { accountBehaviours } from '../accounts/index.ts';
import { tableContext } from './context.ts';
import { translateAnswer } from '../../definitions/language/index.ts';
import { translateFor } from './context.ts';

type Params = { control: string };
type ByRecord = { Params: Params; Body: { autoid: number } };

export function businessRoutes(app: FastifyInstance, engine: Engine): void {
  const behaviours = new Map([
    ...actionBehaviours(engine.jobs, () => engine.registry.snapshot, engine.files),
    ...automationBehaviours(engine.pool, () => engine.registry.snapshot),
    ...accountBehaviours(() => engine.registry.snapshot, engine.config.publicUrl),
  ]);
  const business = (request: FastifyRequest<{ Params: Params }>) => {
    const { snapshot, principal, model } = tableContext(engine, request, request.params.control);
    authorize(model, principal, 'read');
    const ctx: BusinessContext = {
      pool: engine.pool,
      snapshot,
      principal,
      behaviours,
      translate: translateFor(engine, request).t,
    };
    return { ctx, model };
  };

  app.post<ByRecord>('/mvc/:control/GetTransitions', async (request) => {
    const { ctx, model } = business(request);
    return translateAnswer(
      await transitionsOf(ctx.pool, model, ctx.principal, request.body.autoid, (name) => ctx.snapshot.table(name)),
      translateFor(engine, request).t,
    );
  });

  // Before a save changes a record's type: what its typed properties would lose and keep, and
  // the question the form asks (spec 3 §5). Only for a record the user sees and may change.
  app.post<{ Params: Params; Body: { autoid: number; Type: number | null } }>(
    '/mvc/:control/TypeChange',
    async (request) => {
      const { ctx, model } = business(request);
      authorize(model, ctx.principal, 'update');
      const typed = model.table.typedProperties;
      if (!typed) throw badRequest('request.no_typed_properties', model.table.name);
      await readRecord(ctx.pool, model, ctx.principal, request.body.autoid);
      const impact = await typeChangeImpact(ctx.pool, model, request.body.autoid, request.body.Type, (name) =>
        ctx.snapshot.table(name),
      );
      const { language, t } = translateFor(engine, request);
      const field = model.byName.get(typed.typeField.toLowerCase())!;
      const Message = messageIn(
        language,
        'typechange.confirm',
        t(field.label ?? field.name),
        impact.Lost,
        impact.LostNames.join(', '),
        impact.Kept,
      );
      return { ...impact, Message };
    },
  );

  app.post<{ Params: Params; Body: ChangeStatusRequest }>('/mvc/:control/ChangeStatus', async (request) => {
    const { ctx, model } = business(request);
    const { autoids, Transition, Values, TimeStamp } = request.body;
    const answer = await changeStatus(ctx, model, autoids, Transition, Values, TimeStamp);
    engine.security.written(model.table.sqlName);
    return answer;
  });

  app.post<{ Params: Params; Body: RunActionRequest }>('/mvc/:control/RunAction', async (request) => {
    const { ctx, model } = business(request);
    const { Action, autoids, Values } = request.body;
    const answer = await runAction(ctx, model, Action, autoids, Values);
    engine.security.written(model.table.sqlName);
    return answer;
  });

  app.post<ByRecord>('/mvc/:control/GetStatusLog', async (request) => {
    const { ctx, model } = business(request);
    return { Data: await statusLog(ctx.pool, model, ctx.principal, request.body.autoid) };
  });

  app.post<{ Params: Params; Body: { autoid?: number; Tab: string } }>(
    '/mvc/:control/GetDashboard',
    async (request) => {
      const { ctx, model } = business(request);
      const { t } = translateFor(engine, request);
      return dashboard(ctx.pool, ctx.snapshot, model, ctx.principal, request.body.autoid, request.body.Tab, t);
    },
  );
}
