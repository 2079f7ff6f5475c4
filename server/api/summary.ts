// GetSummaryData of every pack table: its rows grouped, with sums and counts (server/data/summary.ts).
// The summaries a request may name are those of the table's grid definitions.
import type { FastifyInstance } from 'fastify';
import { translateAnswer, type SummaryDef } from '../../definitions/language/index.ts';
import { authorize } from '../data/records.ts';
import { summaryData, type SummaryRequest } from '../data/summary.ts';
import type { Engine } from '../engine.ts';
import { bodyOf, tableContext, translateFor } from './context.ts';

export function summaryRoutes(app: FastifyInstance, engine: Engine): void {
  app.post<{ Params: { control: string }; Body: SummaryRequest }>('/mvc/:control/GetSummaryData', async (request) => {
    const { snapshot, principal, model } = tableContext(engine, request, request.params.control);
    authorize(model, principal, 'read');
    const table = model.table.name.toLowerCase();
    const summaries: SummaryDef[] = [...snapshot.effective.grids.values()]
      .filter(({ value }) => value.table.toLowerCase() === table)
      .flatMap(({ value }) => value.summaries ?? []);
    const { t } = translateFor(engine, request);
    const body: SummaryRequest = { ...bodyOf(request), ...request.body };
    const answer = await summaryData(engine.pool, model, principal, body, summaries, t);
    return { Data: answer.Data, Meta: translateAnswer(answer.Meta, t) };
  });
}
