// Download requests (spec 1 §2 /downloadrequests): a long export runs as a job, and the user
// downloads the result when it is finished. The requests themselves are the `downloadrequests`
// table, seen by the generic calls; each user sees their own (its `ownedBy`).
import type { FastifyInstance } from 'fastify';
import type { EffectiveField, FlexRequest } from '../../definitions/language/index.ts';
import type { Engine } from '../engine.ts';
import { AppError, notFound, unknownControl } from '../errors.ts';
import { inTransaction } from '../db/pool.ts';
import { authorize, autoIdOf, insertRow, readRecord } from '../data/records.ts';
import { contentDisposition } from '../files/disposition.ts';
import type { ExportJob } from '../jobs/index.ts';
import { principalOf } from './context.ts';

const REQUESTS = 'downloadrequests';

export function downloadRoutes(app: FastifyInstance, engine: Engine): void {
  const requestsModel = () => {
    const model = engine.registry.snapshot.table(REQUESTS);
    if (!model) throw unknownControl(REQUESTS);
    return model;
  };

  app.post<{ Body: { Table: string; Request?: FlexRequest; Descr?: string } }>('/mvc/downloadrequests/RequestExport', async (request) => {
    const principal = principalOf(request);
    const requests = requestsModel();
    const model = engine.registry.snapshot.table(request.body.Table);
    if (!model) throw unknownControl(request.body.Table);
    authorize(requests, principal, 'create');
    authorize(model, principal, 'read');
    const field = (name: string) => requests.byName.get(name.toLowerCase())!;
    const descr = request.body.Descr || `${model.table.label ?? model.table.name} (${new Date().toISOString().slice(0, 10)})`;
    // The server fills every field: the owner, the state, the name of the file to come.
    const values = new Map<EffectiveField | 'archive', unknown>([
      [field('Descr'), descr], [field('TableName'), model.table.name], [field('State'), 'new'], [field('Progress'), 0],
      [field('FileName'), `${model.table.name}.xlsx`], [field('RequestedBy'), principal.userId],
    ]);
    const id = await inTransaction(engine.pool, (client) => insertRow(client, requests, values, principal.username));
    const job: ExportJob = { requestId: id, userId: principal.userId, table: model.table.name, request: { ...request.body.Request, pageIndex: 0 } };
    await engine.jobs.send('export', job as unknown as Record<string, unknown>);
    return readRecord(engine.pool, requests, principal, id);
  });

  app.get<{ Querystring: { autoid: string } }>('/mvc/downloadrequests/download', async (request, reply) => {
    const principal = principalOf(request);
    const requests = requestsModel();
    authorize(requests, principal, 'read');
    const row = await readRecord(engine.pool, requests, principal, autoIdOf(undefined, request.query));
    if (row.State !== 'finished' || typeof row.FileHash !== 'string') throw new AppError('BAD_REQUEST', [], {}, {}, 'request.not_finished');
    const size = await engine.files.size(row.FileHash);
    if (size === null) throw notFound();
    return reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-length', size)
      .header('content-disposition', contentDisposition(String(row.FileName ?? 'export.xlsx')))
      .send(engine.files.open(row.FileHash));
  });
}
