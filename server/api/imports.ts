// Spreadsheet import over HTTP (spec 1 §7, spec 3 §7, docs/import-export.md): the
// destinations, advanced mode, starting an import (multipart: the form's fields, then the file
// as the part File), the task, cancelling it, its input and output files, its progress as a
// server-sent stream, and the template to fill in. The work itself is server/imports.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CALLS,
  EVENT_TYPES,
  IMPORT,
  IMPORT_FAILED_ROWS,
  IMPORT_LIMITS,
  message,
  type ImportForm,
  type ImportProgress,
  type TemplateRequest,
} from '../../definitions/language/index.ts';
import type { Engine } from '../engine.ts';
import { AppError, notFound, unknownControl } from '../errors.ts';
import { contentDisposition } from '../files/index.ts';
import { authorize, readRecord } from '../data/records.ts';
import {
  advancedMode,
  destinations,
  isDestination,
  readerOf,
  setAdvancedMode,
  startImport,
  keepTaskMessage,
  taskAnswer,
  taskMessage,
  taskResults,
  TASKS,
  templateName,
  verificationCode,
  writeTemplate,
} from '../imports/index.ts';
import { StreamPlaces } from '../events/index.ts';
import type { ImportJob } from '../jobs/index.ts';
import { languageOf, principalOf, translateFor } from './context.ts';
import { sendStoredFile } from './files.ts';
import { checkSchema } from './request-schema.ts';
import { MAX_STREAMS_PER_USER } from './events.ts';

const MAX_FIELDS = 10;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function importRoutes(app: FastifyInstance, engine: Engine): void {
  const tasksModel = () => {
    const model = engine.registry.snapshot.table(TASKS);
    if (!model) throw unknownControl(TASKS);
    return model;
  };
  /** What the user reads about a task's table: its fields by their labels, in their language. */
  const readerFor = (request: FastifyRequest, destination: string) =>
    readerOf(engine.registry.snapshot.effective, engine.registry.snapshot.table(destination), languageOf(request));
  /**
   * A task the user may read (their own, by the table's ownedBy), as the calls answer it: its
   * message in the user's language when it was kept as keys.
   */
  const task = async (request: FastifyRequest, autoid: unknown) => {
    const answer = taskAnswer(await readRecord(engine.pool, tasksModel(), principalOf(request), Number(autoid)));
    const said = await taskMessage(engine.pool, answer.AutoID, readerFor(request, answer.Destination));
    return said === undefined ? answer : { ...answer, ErrorMessage: said };
  };
  const destination = (request: FastifyRequest, name: unknown) => {
    const model = typeof name === 'string' ? engine.registry.snapshot.table(name) : undefined;
    if (!model || !isDestination(model, principalOf(request)))
      throw new AppError('NO_RIGHTS', [String(name ?? '')], {}, {}, 'import.destination');
    return model;
  };

  // Every import call needs the import tasks' right (its module, `import`, included).
  const mayImport = (request: FastifyRequest) => authorize(tasksModel(), principalOf(request), 'read');
  app.post<{ Body: { filter?: string | null } }>('/mvc/import/GetDestinations', async (request) => {
    mayImport(request);
    const { t } = translateFor(engine, request);
    return {
      Data: destinations(engine.registry.snapshot, principalOf(request), request.body?.filter, t, languageOf(request)),
    };
  });
  app.post('/mvc/import/GetAdvancedMode', async (request) => ({
    AdvancedMode: await advancedMode(engine.pool, principalOf(request).userId),
  }));
  app.post('/mvc/import/GetCode', async (request) => ({
    Code: await verificationCode(engine.pool, principalOf(request).userId),
  }));
  app.post<{ Body: { VerificationCode?: string; AdvancedMode?: boolean } }>(
    '/mvc/import/SetAdvancedMode',
    async (request) => ({
      AdvancedMode: await setAdvancedMode(
        engine.pool,
        principalOf(request).userId,
        request.body?.AdvancedMode !== false,
        request.body?.VerificationCode,
      ),
    }),
  );
  // The task with its results: the counts and a page of its failed rows, every problem in the
  // reader's language (the task is read first, so only one who may read it gets them).
  app.post<{ Querystring: { autoid: string }; Body: { pageIndex?: number; pageSize?: number } | null }>(
    '/mvc/import/GetItem',
    async (request) => {
      const answer = await task(request, request.query.autoid);
      const model = engine.registry.snapshot.table(answer.Destination);
      const results = await taskResults(
        engine.pool,
        answer.AutoID,
        model,
        principalOf(request),
        readerFor(request, answer.Destination),
        { index: request.body?.pageIndex ?? 1, size: request.body?.pageSize ?? IMPORT_FAILED_ROWS.page },
      );
      return { ...answer, Results: results };
    },
  );
  app.post<{ Querystring: { autoid: string } }>('/mvc/import/Cancel', async (request) => {
    const principal = principalOf(request);
    const tasks = tasksModel();
    authorize(tasks, principal, 'read');
    const current = await task(request, request.query.autoid);
    if (current.ProcessState !== IMPORT.ProcessState.Pending && current.ProcessState !== IMPORT.ProcessState.Running) {
      throw new AppError('BAD_REQUEST', [], {}, {}, 'import.not_cancellable');
    }
    // The running import sees the state before its next chunk and stops there.
    await engine.pool.query(
      `UPDATE ${TASKS} SET processstate = $2, timestamp = timestamp + 1 WHERE autoid = $1 AND processstate IN ('0', '1')`,
      [current.AutoID, String(IMPORT.ProcessState.Cancelled)],
    );
    const pending = current.ProcessState === IMPORT.ProcessState.Pending;
    if (pending) {
      await engine.pool.query(`UPDATE ${TASKS} SET errormessage = $2, processresult = $3 WHERE autoid = $1`, [
        current.AutoID,
        message('import.cancelled_before'),
        String(IMPORT.ProcessResult.Failed),
      ]);
      await keepTaskMessage(engine.pool, current.AutoID, [{ id: 'import.cancelled_before', args: [], field: null }]);
    }
    return task(request, current.AutoID);
  });

  app.get<{ Querystring: { ImportId: string; Result?: string } }>('/mvc/import/GetFile', async (request, reply) => {
    const current = await readRecord(engine.pool, tasksModel(), principalOf(request), Number(request.query.ImportId));
    const fileId = request.query.Result === 'true' ? current.OutputFile : current.File;
    if (!fileId) throw notFound();
    return sendStoredFile(engine, reply, fileId);
  });

  app.post<{ Body: TemplateRequest }>('/mvc/import/GenerateTemplate', async (request, reply) => {
    mayImport(request);
    const model = destination(request, request.body.Destination);
    const file = await writeTemplate(engine.pool, engine.registry.snapshot, model, principalOf(request));
    return reply
      .header('content-type', XLSX)
      .header('content-disposition', contentDisposition(templateName(model)))
      .send(file);
  });

  // Counted for the user in every process, as live event streams are (api/events.ts).
  const places = new StreamPlaces(engine.pool, 'import-progress', MAX_STREAMS_PER_USER);
  app.addHook('onClose', async () => {
    await places.close();
  });
  app.get<{ Querystring: { importtaskid: string } }>(
    '/mvc/importprogresseventstream/message',
    { config: { stream: true } },
    async (request, reply) => {
      const principal = principalOf(request);
      const id = Number(request.query.importtaskid);
      // Subscribed before the task is read: a change between the two is not lost.
      const early: ImportProgress[] = [];
      let send: ((m: ImportProgress) => void) | null = null;
      const unsubscribe = engine.events.subscribe(principal, (events) => {
        for (const e of events) {
          if (e.type !== EVENT_TYPES.ImportProgress || Number(e.data.ImportTaskID) !== id) continue;
          const m = {
            CurrentRow: Number(e.data.CurrentRow ?? 0),
            TotalRows: Number(e.data.TotalRows ?? 0),
            Finished: e.data.Finished === true,
          };
          if (send) send(m);
          else early.push(m);
        }
      });
      let current;
      let release: (() => void) | null;
      try {
        current = await task(request, id);
        release = await places.take(principal.userId);
      } catch (err) {
        unsubscribe();
        throw err;
      }
      if (!release) {
        unsubscribe();
        throw new AppError('TOO_MANY_REQUESTS', [MAX_STREAMS_PER_USER]);
      }
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      const heartbeat = setInterval(() => {
        if (!raw.writableEnded) raw.write(': ping\n\n');
      }, 25_000);
      const closed = () => {
        clearInterval(heartbeat);
        unsubscribe();
        release();
      };
      raw.on('close', closed);
      // The client may have left while its place was being taken.
      if (raw.destroyed || request.raw.socket?.destroyed) closed();
      send = (m) => {
        if (raw.writableEnded || raw.destroyed) return;
        raw.write(`data: ${JSON.stringify(m)}\n\n`);
        // Finished: the stream has said all it will (spec 1 §4: the client then reloads the task).
        if (m.Finished) raw.end();
      };
      const finished =
        current.ProcessState === IMPORT.ProcessState.Processed ||
        current.ProcessState === IMPORT.ProcessState.Cancelled;
      send({ CurrentRow: current.CurrentRow, TotalRows: current.TotalRecords, Finished: finished });
      for (const m of early.splice(0)) send(m);
    },
  );

  // Its own scope: the multipart parser serves StartImport alone.
  app.register(async (scope) => {
    await scope.register(fastifyMultipart, { throwFileSizeLimit: true });
    scope.post(
      '/mvc/import/StartImport',
      {
        onRequest: async (request, reply) => {
          if (Number(request.headers['content-length'] ?? 0) > IMPORT_LIMITS.fileBytes + 64 * 1024) {
            reply.header('connection', 'close');
            throw new AppError('BODY_TOO_LARGE', [IMPORT_LIMITS.fileBytes / 1024 / 1024], {}, {}, 'import.too_large');
          }
        },
      },
      async (request, reply) => {
        const principal = principalOf(request);
        const tasks = tasksModel();
        authorize(tasks, principal, 'create');
        if (!request.isMultipart())
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', [], {}, {}, 'files.multipart_required');
        const fields: Record<string, string> = {};
        try {
          for await (const part of request.parts({
            limits: {
              fileSize: IMPORT_LIMITS.fileBytes + 1,
              files: 1,
              fields: MAX_FIELDS,
              fieldSize: 1000,
              parts: MAX_FIELDS + 1,
            },
          })) {
            if (part.type === 'field') {
              const key =
                Object.keys((CALLS['POST /mvc/import/StartImport'].body as { properties: object }).properties).find(
                  (k) => k.toLowerCase() === part.fieldname.toLowerCase(),
                ) ?? part.fieldname;
              fields[key] = String(part.value);
              continue;
            }
            // The file comes last: the form is complete and checked before a byte of it is stored.
            checkSchema(CALLS['POST /mvc/import/StartImport'].body!, { ...fields, File: part.filename || 'file' });
            const form = {
              Destination: fields.Destination,
              Overwrite: fields.Overwrite === 'true',
              DryRun: fields.DryRun === 'true',
              FileName: fields.FileName,
              BooleanFormat: (fields.BooleanFormat ?? 'YesNo') as ImportForm['BooleanFormat'],
              DecimalFormat: (fields.DecimalFormat ?? 'Comma') as ImportForm['DecimalFormat'],
              DateFormat: (fields.DateFormat ?? 'DMYYYY_Dash') as ImportForm['DateFormat'],
            };
            let model;
            try {
              model = destination(request, form.Destination);
            } catch (err) {
              part.file.resume();
              throw err;
            }
            const id = await startImport(
              {
                pool: engine.pool,
                files: engine.files,
                send: async (taskId) => {
                  await engine.jobs.send('import', { taskId, language: languageOf(request) } satisfies ImportJob);
                },
              },
              model,
              tasks,
              principal,
              form,
              part.file,
              part.filename,
            );
            return await task(request, id);
          }
          checkSchema(CALLS['POST /mvc/import/StartImport'].body!, fields);
          throw new AppError('BAD_REQUEST', [], {}, {}, 'files.none');
        } catch (err) {
          reply.header('connection', 'close');
          const code = (err as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE')
            throw new AppError('BODY_TOO_LARGE', [IMPORT_LIMITS.fileBytes / 1024 / 1024], {}, {}, 'import.too_large');
          if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
            throw new AppError('BAD_REQUEST', ['body', MAX_FIELDS], {}, {}, 'request.too_many_keys');
          throw err;
        }
      },
    );
  });
}
