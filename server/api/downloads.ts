// Download requests (spec 1 §2 /downloadrequests): a long export runs as a job, and the user
// downloads the result when it is finished (GET mvc/downloadrequests/download?autoid=, the
// generic download of a table's file field). The requests themselves are the `downloadrequests`
// table, seen by the generic calls; each user sees their own (its `ownedBy`).
import type { FastifyInstance } from 'fastify';
import type { ExportLayout, FlexRequest, Language } from '../../definitions/language/index.ts';
import type { Engine } from '../engine.ts';
import { unknownControl } from '../errors.ts';
import { authorize } from '../data/records.ts';
import { newDownloadRequest, type ExportJob } from '../jobs/index.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Principal } from '../security/index.ts';
import { languageOf, principalOf } from './context.ts';
import { translatorFor } from '../texts.ts';

/** Starts the export of a table's grid request in the background, in the user's language; answers the download request. */
export async function requestExport(
  engine: Engine,
  principal: Principal,
  language: Language,
  model: TableModel,
  flex: FlexRequest | undefined,
  descr?: string,
  layout?: ExportLayout,
) {
  authorize(model, principal, 'read');
  const t = translatorFor(engine.registry.snapshot.effective, language);
  const name = descr || `${t(model.table.label ?? model.table.name)} (${new Date().toISOString().slice(0, 10)})`;
  const request = { descr: name, tableName: model.table.name };
  return newDownloadRequest(engine.pool, engine.registry.snapshot, principal, request, (id) => {
    const job: ExportJob = {
      requestId: id,
      userId: principal.userId,
      table: model.table.name,
      request: { ...flex, pageIndex: 0 },
      fileName: `${fileTitle(t(model.table.label ?? model.table.name), model.table.name)}.xlsx`,
      descr: name,
      layout,
      language,
    };
    return engine.jobs.send('export', { ...job });
  });
}

/**
 * An export is named as its user knows the screen: the table's label in their language ("Relaties"),
 * without the characters a file system refuses; the table's name when nothing is left.
 */
export function fileTitle(label: string, fallback: string): string {
  const title = label
    .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return title || fallback;
}

export function downloadRoutes(app: FastifyInstance, engine: Engine): void {
  app.post<{ Body: { Table: string; Request?: FlexRequest; Descr?: string; Layout?: ExportLayout } }>(
    '/mvc/downloadrequests/RequestExport',
    async (request) => {
      const model = engine.registry.snapshot.table(request.body.Table);
      if (!model) throw unknownControl(request.body.Table);
      return requestExport(
        engine,
        principalOf(request),
        languageOf(request),
        model,
        request.body.Request,
        request.body.Descr,
        request.body.Layout,
      );
    },
  );
}
