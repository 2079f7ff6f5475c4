// Files over HTTP: uploads (multipart/form-data, streamed into the store; the rules live in
// server/files) and the file of a record's file or image field, streamed under its own name.
// An upload is for a file or image field the user may fill (`?table=&field=`): who may create or
// change no such field uploads nothing, refused before a byte of the body is read. The multipart
// parser is registered for the upload call alone, so every other call still takes JSON only (415
// for anything else).
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Engine } from '../engine.ts';
import { AppError, badRequest, forbidden, notFound } from '../errors.ts';
import {
  checkDeclaredSize,
  contentDisposition,
  fileById,
  receiveUploads,
  UPLOAD_LIMITS,
  type UploadPart,
} from '../files/index.ts';
import { isHidden } from '../data/access.ts';
import { authorize, autoIdOf, readRecord } from '../data/records.ts';
import { isFileField } from '../data/values.ts';
import type { TableModel } from '../metadata/model.ts';
import { FieldVisibility, type Principal } from '../security/principal.ts';
import { principalOf, tableContext } from './context.ts';
import { clientGone, clientGoneError, logClientGone, whenClientGone } from './client-gone.ts';
import { whenBodyCutOff } from './body-end.ts';

/** Text fields a multipart upload may carry besides its files (they are ignored). */
const MAX_FIELDS = 20;

const multipartRequired = () => new AppError('UNSUPPORTED_MEDIA_TYPE', [], {}, {}, 'files.multipart_required');

/** The multipart parser's own refusals, said as the catalogue says them. */
function uploadError(err: unknown, current: string): unknown {
  if (err instanceof AppError) return err;
  const { code, message } = err as { code?: string; message?: string };
  switch (code) {
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError('BODY_TOO_LARGE', [UPLOAD_LIMITS.files], {}, {}, 'files.too_many');
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(
        'BODY_TOO_LARGE',
        [current, Math.round(UPLOAD_LIMITS.zipBytes / 1024 / 1024)],
        {},
        {},
        'files.too_large',
      );
    case 'FST_FIELDS_LIMIT':
      return badRequest('request.too_many_keys', 'body', MAX_FIELDS);
    case 'FST_PROTO_VIOLATION':
      return badRequest('request.forbidden_key');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return multipartRequired();
    case 'FST_MP_PREMATURE_CLOSE':
      return new AppError('BAD_REQUEST', [current], {}, {}, 'files.incomplete');
  }
  if (/boundary/i.test(message ?? '')) return multipartRequired();
  // Busboy's words for a body that ends before its closing boundary.
  if (/unexpected end|terminated early|malformed/i.test(message ?? ''))
    return new AppError('BAD_REQUEST', [current], {}, {}, 'files.incomplete');
  return err;
}

/** Answers a stored file as an attachment under its own name, streamed. */
export async function sendStoredFile(
  engine: Engine,
  reply: FastifyReply,
  fileId: unknown,
  opts: { imageOnly?: boolean } = {},
) {
  const file = await fileById(engine.pool, fileId);
  if (!file || (opts.imageOnly && !file.mediaType.startsWith('image/'))) throw notFound();
  // Bytes gone from the store (a lost volume) are a missing file, not a failing server.
  const size = await engine.files.size(file.sha256);
  if (size === null) throw notFound();
  const type = file.mediaType.startsWith('text/') ? `${file.mediaType}; charset=utf-8` : file.mediaType;
  return reply
    .header('content-type', type)
    .header('content-length', String(size))
    .header('content-disposition', contentDisposition(file.fileName))
    .send(engine.files.open(file.sha256));
}

/** A file or image field the principal may see, by the name a call gives. */
export function fileFieldOf(model: TableModel, request: FastifyRequest, name: unknown) {
  const field = typeof name === 'string' ? model.byName.get(name.toLowerCase()) : undefined;
  if (!field || !isFileField(field) || isHidden(model.table, principalOf(request), field.name))
    throw badRequest('request.file_field', String(name ?? ''), model.table.name);
  return field;
}

type FileQuery = { Params: { control: string }; Querystring: { autoid?: string; field?: string; thumbnail?: string } };

/**
 * Whether the principal may upload for a table's file field: they may create or change its rows
 * (the table's right, its module, not a table the engine alone writes) and set the field (not
 * read-only for them, nor for everyone). Throws the refusal.
 */
function mayUploadFor(model: TableModel, principal: Principal, request: FastifyRequest, name: string) {
  const may = (action: 'create' | 'update') => {
    try {
      authorize(model, principal, action);
      return true;
    } catch {
      return false;
    }
  };
  if (!may('create') && !may('update')) authorize(model, principal, 'update');
  const field = fileFieldOf(model, request, name);
  if (
    field.enabled === false ||
    principal.fieldAccess(model.table).get(field.name.toLowerCase()) === FieldVisibility.ReadOnly
  )
    throw forbidden();
}

export function fileRoutes(app: FastifyInstance, engine: Engine): void {
  app.get<FileQuery>('/mvc/:control/file', async (request, reply) => {
    const { principal, model } = tableContext(engine, request, request.params.control);
    authorize(model, principal, 'read');
    const field = fileFieldOf(model, request, request.query.field);
    const record = await readRecord(engine.pool, model, principal, autoIdOf(undefined, request.query));
    // No image library: a thumbnail is the image itself (the browser scales it).
    const thumbnail = request.query.thumbnail === '1' || request.query.thumbnail === 'true';
    return sendStoredFile(engine, reply, record[field.name], { imageOnly: thumbnail });
  });

  // Its own scope: the multipart parser serves this call and no other.
  app.register(async (scope) => {
    await scope.register(fastifyMultipart, { throwFileSizeLimit: true });
    scope.post<{ Querystring: { table: string; field: string } }>(
      '/mvc/files/upload',
      {
        // An upload that announces more than any upload can be is refused before a byte is read;
        // the connection closes after the answer, so the rest of the body is never taken either.
        onRequest: async (request, reply) => {
          try {
            checkDeclaredSize(request.headers['content-length']);
          } catch (err) {
            reply.header('connection', 'close');
            throw err;
          }
        },
      },
      async (request, reply) => {
        // Before any of the body is read: the right, the field, and (receiveUploads) the quota.
        let xmlAsText = false;
        try {
          const { principal, model } = tableContext(engine, request, request.query.table);
          mayUploadFor(model, principal, request, request.query.field);
          xmlAsText = fileFieldOf(model, request, request.query.field).acceptXml === true;
        } catch (err) {
          reply.header('connection', 'close');
          throw err;
        }
        const principal = principalOf(request);
        if (!request.isMultipart()) throw multipartRequired();
        let current = '';
        // A client that goes away ends the upload at once, whatever the parser makes of it: the
        // part being read fails (its partial file goes) and no further part is waited for.
        const upload = new AbortController();
        const stopListening = whenClientGone(request, () => upload.abort(clientGoneError()));
        let stopWatching = () => {};
        const gone = new Promise<never>((_, reject) =>
          upload.signal.addEventListener('abort', () => reject(upload.signal.reason), { once: true }),
        );
        gone.catch(() => {});
        async function* parts(): AsyncGenerator<UploadPart> {
          const each = request
            .files({
              limits: {
                fileSize: UPLOAD_LIMITS.zipBytes + 1,
                files: UPLOAD_LIMITS.files,
                fields: MAX_FIELDS,
                fieldSize: 1000,
                parts: UPLOAD_LIMITS.files + MAX_FIELDS,
                headerPairs: 20,
              },
              // Large buffers: a big file streams in fewer, larger pieces (the stages per piece cost more than the bytes).
              fileHwm: 1024 * 1024,
              highWaterMark: 1024 * 1024,
            })
            [Symbol.asyncIterator]();
          // Watched once the parser reads the body (a reader of its own before that would take the
          // bytes from it): a body that ends before its closing delimiter fails the part being read.
          stopWatching = whenBodyCutOff(request, (fileName) => {
            current ||= fileName;
            upload.abort(Object.assign(new Error('unexpected end of the body'), { code: 'FST_MP_PREMATURE_CLOSE' }));
          });
          for (;;) {
            const next = await Promise.race([each.next(), gone]);
            if (next.done) return;
            current = next.value.filename;
            yield { file: next.value.file, filename: next.value.filename, mimetype: next.value.mimetype };
          }
        }
        try {
          const files = await receiveUploads(
            engine.pool,
            engine.files,
            parts(),
            principal.username,
            engine.config.uploadQuota,
            upload.signal,
            xmlAsText,
          );
          return files.map((f) => ({ FileID: f.id, FileName: f.fileName, MediaType: f.mediaType, Size: f.size }));
        } catch (err) {
          // Nobody reads the answer: an aborted request, not a fault (nor, for its ECONNRESET, an outage).
          if (clientGone(request)) {
            logClientGone(request, err);
            throw new AppError('BAD_REQUEST', [current], {}, {}, 'files.incomplete');
          }
          // Whatever of the body is still on its way is not read: the connection closes after the answer.
          reply.header('connection', 'close');
          throw uploadError(err, current);
        } finally {
          stopListening();
          stopWatching();
        }
      },
    );
  });
}
