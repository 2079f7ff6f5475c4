// The calls of a record's rights matrix tab (read, and cells changed together) and of the row limits under it that name nothing
// valid, under mvc/{ControlName} (the security groups'); the rules live in server/business and
// server/behaviours.
import type { FastifyInstance } from 'fastify';
import type { Engine } from '../engine.ts';
import { authorize } from '../data/records.ts';
import { rightsMatrix, saveGrants, type CellChange } from '../business/rights-matrix.ts';
import { rowLimitProblems } from '../behaviours/row-limit-problems.ts';
import { tableContext, translateFor } from './context.ts';

type Params = { control: string };

export function groupRightsRoutes(app: FastifyInstance, engine: Engine): void {
  app.post<{ Params: Params; Body: { autoid: number; Tab: string } }>(
    '/mvc/:control/GetRightsMatrix',
    async (request) => {
      const { snapshot, principal, model } = tableContext(engine, request, request.params.control);
      authorize(model, principal, 'read');
      const { t } = translateFor(engine, request);
      return rightsMatrix(engine.pool, snapshot, model, principal, request.body.autoid, request.body.Tab, t);
    },
  );

  app.post<{ Params: Params; Body: { autoid: number; Tab: string; Changes: CellChange[] } }>(
    '/mvc/:control/SaveGrants',
    async (request) => {
      const { snapshot, principal, model } = tableContext(engine, request, request.params.control);
      authorize(model, principal, 'read');
      const { t } = translateFor(engine, request);
      const { autoid, Tab, Changes } = request.body;
      return saveGrants(engine.pool, snapshot, model, principal, autoid, Tab, Changes, t);
    },
  );

  app.post<{ Params: Params; Body: { autoid: number } }>('/mvc/:control/GetRowLimitProblems', async (request) => {
    const { snapshot, principal, model } = tableContext(engine, request, request.params.control);
    authorize(model, principal, 'read');
    const { language } = translateFor(engine, request);
    return rowLimitProblems(engine.pool, snapshot, model, principal, request.body.autoid, language);
  });
}
