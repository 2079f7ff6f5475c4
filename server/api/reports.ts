// Reports (spec 3 §2, §7, §9): the reports a table offers, a report of one record as PDF or
// spreadsheet, a grid selection as one PDF or a zip (at once when small, else a background job
// with progress, as a grid export), and the import of a report definition file by an
// administrator, checked as a pack file is and stored in the site layer.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  LANGUAGES,
  REPORT_DIRECT_MAX,
  REPORT_FORMATS,
  formatProblem,
  reportLanguages,
  schemaProblems,
  type Language,
} from '../../definitions/language/index.ts';
import type { Engine } from '../engine.ts';
import { AppError, badRequest, forbidden, unknownControl } from '../errors.ts';
import { contentDisposition } from '../files/index.ts';
import { authorize } from '../data/records.ts';
import { DefinitionsInvalid } from '../metadata/registry.ts';
import { changeSiteDefinition } from '../metadata/site-change.ts';
import {
  EXTENSIONS,
  MEDIA_TYPES,
  ZipWriter,
  isReportFormat,
  renderPdf,
  renderXls,
  reportFor,
  type ReadContext,
} from '../reports/index.ts';
import { newDownloadRequest, type ReportSelectionJob } from '../jobs/index.ts';
import { translatorFor } from '../texts.ts';
import { languageOf, principalOf } from './context.ts';
import { fileTitle } from './downloads.ts';
import { PassThrough } from 'node:stream';

/** The right to manage report definitions (spec 3 §6, "Rapportdefinities beheren"). */
export const REPORTS_RIGHT = '10.5';
/** Problems a refused import names at most. */
const SHOWN_PROBLEMS = 5;

const isLanguage = (v: unknown): v is Language => LANGUAGES.some((l) => l === v);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function readContext(engine: Engine, request: FastifyRequest): ReadContext {
  return {
    db: engine.pool,
    files: engine.files,
    snapshot: engine.registry.snapshot,
    principal: principalOf(request),
    t: (text) => text,
  };
}

/** The table of a call, which the user must be able to read. */
function tableOf(engine: Engine, request: FastifyRequest, name: string) {
  const model = engine.registry.snapshot.table(name);
  if (!model) throw unknownControl(name);
  authorize(model, principalOf(request), 'read');
  return model;
}

const send = (reply: FastifyReply, body: Buffer, mediaType: string, fileName: string) =>
  reply
    .header('content-type', mediaType)
    .header('content-length', String(body.length))
    .header('content-disposition', contentDisposition(fileName))
    .send(body);

/** The "Report import failed" refusal: the first problems, each with its file, pointer and rule. */
const importFailed = (problems: { file: string; pointer: string; rule: string; message: string }[]) =>
  new AppError('REPORT_IMPORT_FAILED', [
    problems
      .slice(0, SHOWN_PROBLEMS)
      .map((p) => formatProblem(p))
      .join('; '),
  ]);

export function reportRoutes(app: FastifyInstance, engine: Engine): void {
  const languageFor = (request: FastifyRequest, asked: unknown): Language =>
    asked === undefined || asked === null || asked === '' ? languageOf(request) : isLanguage(asked) ? asked : 'nl';

  app.get<{ Querystring: { table: string } }>('/mvc/reports/List', async (request) => {
    const model = tableOf(engine, request, request.query.table);
    const t = translatorFor(engine.registry.snapshot.effective, languageOf(request));
    const reports = [...engine.registry.snapshot.effective.reports.values()]
      .map((r) => r.value)
      .filter((r) => r.table.toLowerCase() === model.table.name.toLowerCase())
      .sort((a, b) => a.documentKind.localeCompare(b.documentKind) || a.name.localeCompare(b.name));
    return {
      Reports: reports.map((r) => ({
        Name: r.name,
        Title: t(r.title),
        DocumentKind: r.documentKind,
        Languages: reportLanguages(r),
        Formats: [...REPORT_FORMATS],
      })),
    };
  });

  app.post<{ Body: { Table: string; Report: string; AutoID: number | string; Language?: string; Format?: string } }>(
    '/mvc/reports/Render',
    async (request, reply) => {
      const { Table, Report, AutoID, Format } = request.body;
      const model = tableOf(engine, request, Table);
      const language = languageFor(request, request.body.Language);
      const ctx = readContext(engine, request);
      const report = reportFor(ctx, Report, model.table.name, language);
      const format = isReportFormat(Format) ? Format : 'PDF';
      const id = Number(AutoID);
      const body =
        format === 'PDF' ? await renderPdf(ctx, report, [id], language) : await renderXls(ctx, report, id, language);
      const t = translatorFor(engine.registry.snapshot.effective, language);
      return send(
        reply,
        body,
        MEDIA_TYPES[format],
        `${fileTitle(t(report.title), report.name)} ${id}.${EXTENSIONS[format]}`,
      );
    },
  );

  app.post<{ Body: { Table: string; Report: string; AutoIDs: (number | string)[]; Language?: string; As?: string } }>(
    '/mvc/reports/RenderSelection',
    async (request, reply) => {
      const { Table, Report, As } = request.body;
      const ids = request.body.AutoIDs.map(Number);
      const model = tableOf(engine, request, Table);
      const language = languageFor(request, request.body.Language);
      const ctx = readContext(engine, request);
      const report = reportFor(ctx, Report, model.table.name, language);
      const t = translatorFor(engine.registry.snapshot.effective, language);
      const title = fileTitle(t(report.title), report.name);
      // A large selection is a background job (RequestSelection); here it answers at once.
      if (ids.length > REPORT_DIRECT_MAX) throw badRequest('request.too_many_items', 'AutoIDs', REPORT_DIRECT_MAX);
      if (As !== 'zip')
        return send(reply, await renderPdf(ctx, report, ids, language, true), MEDIA_TYPES.PDF, `${title}.pdf`);
      const out = new PassThrough();
      const chunks: Buffer[] = [];
      out.on('data', (c: Buffer) => chunks.push(c));
      const zip = new ZipWriter(out);
      for (const id of ids) {
        const pdf = await renderPdf(ctx, report, [id], language, true);
        await zip.add(`${title} ${id}.pdf`, pdf);
      }
      await zip.end();
      return send(reply, Buffer.concat(chunks), 'application/zip', `${title}.zip`);
    },
  );

  app.post<{ Body: { Table: string; Report: string; AutoIDs: (number | string)[]; Language?: string; As?: string } }>(
    '/mvc/reports/RequestSelection',
    async (request) => {
      const { Table, Report } = request.body;
      const as = request.body.As === 'zip' ? 'zip' : 'pdf';
      const ids = [...new Set(request.body.AutoIDs.map(Number))];
      const model = tableOf(engine, request, Table);
      const language = languageFor(request, request.body.Language);
      const principal = principalOf(request);
      const report = reportFor(readContext(engine, request), Report, model.table.name, language);
      const t = translatorFor(engine.registry.snapshot.effective, language);
      const title = fileTitle(t(report.title), report.name);
      const descr = `${title} (${ids.length})`;
      const made = { descr, tableName: model.table.name };
      return newDownloadRequest(engine.pool, engine.registry.snapshot, principal, made, (id) => {
        const job: ReportSelectionJob = {
          requestId: id,
          userId: principal.userId,
          report: report.name,
          ids,
          language,
          as,
          fileName: `${title}.${as}`,
          entryName: `${title} {0}.pdf`,
          descr,
        };
        return engine.jobs.send('reports', { ...job });
      });
    },
  );

  // "Report import failed" (spec 3 §8): a report definition file is checked as a pack file is
  // (its schema, then the definitions it names, with every other definition), and nothing is
  // written unless it passes. It lies in the site layer, over a pack's report of the same name.
  app.post<{ Body: { Report: unknown } }>('/mvc/reports/Import', async (request) => {
    const principal = principalOf(request);
    if (!principal.can(REPORTS_RIGHT, 'update')) throw forbidden();
    const body: Record<string, unknown> = isRecord(request.body.Report) ? request.body.Report : {};
    const name = typeof body.name === 'string' ? body.name : '';
    const file = `site:report/${name || '(unnamed)'}`;
    const problems = schemaProblems('report', file, body);
    if (problems.length || !name) throw importFailed(problems);
    try {
      await changeSiteDefinition(engine.pool, engine.registry, {
        kind: 'report',
        name,
        body: { ...body },
        by: principal.username,
      });
    } catch (err) {
      if (err instanceof DefinitionsInvalid) throw importFailed(err.problems);
      throw err;
    }
    return { Name: name };
  });
}
