// Files to and from the server: the multipart upload (the one call that is not JSON) and fetching
// a file as a blob with the name its Content-Disposition gives. Failures reject with CallFailed in
// the documented error shape, as the JSON calls do, and the same hooks hear of them.
import type { ApiErrorBody } from '../../definitions/language/index.ts';
import { CallFailed, isUnauthenticated, type ClientHooks } from './client.ts';
import { fileNameOf } from './disposition.ts';
import { IMPORT } from '../../definitions/language/index.ts';

/** What the upload answers per file, in the order sent. */
import type { ImportForm, ImportTask, TemplateRequest, UploadedFile } from '../../definitions/language/index.ts';

export type { UploadedFile };

/** What StartImport takes: the import form and the spreadsheet. */
export type ImportStart = Omit<ImportForm, 'FileName'> & { File: File };

/** The file or image field an upload is for. */
export interface UploadTarget {
  table: string;
  field: string;
}

/** A file fetched whole: its bytes, its name (Content-Disposition, else the fallback) and type. */
export interface FetchedFile {
  blob: Blob;
  fileName: string;
  type: string;
}

/** A connection that broke off (the server refuses a large upload by closing it) says no more than this. */
const NETWORK_ERROR = 'network';

const errorBody = (Error: string): ApiErrorBody => ({
  Error,
  ModelState: {},
  TranslationModelState: { ModelState: {} },
});

async function fetched(res: Response, fallbackName: string): Promise<FetchedFile> {
  const blob = await res.blob();
  const type = (res.headers.get('content-type') ?? blob.type).split(';')[0].trim().toLowerCase();
  return { blob, fileName: fileNameOf(res.headers.get('content-disposition')) ?? fallbackName, type };
}

async function failure(res: Response, hooks: ClientHooks): Promise<CallFailed> {
  let body: ApiErrorBody;
  try {
    body = (await res.json()) as ApiErrorBody;
  } catch {
    body = errorBody(res.statusText || String(res.status));
  }
  if (isUnauthenticated(res.status, body)) hooks.onUnauthenticated?.();
  return new CallFailed(res.status, body);
}

/** Whether a failure is a broken connection rather than an answer of the server. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof CallFailed && error.status === 0 && error.body.Code === NETWORK_ERROR;
}

export function createTransfer(base = '/', hooks: ClientHooks = {}) {
  async function send(path: string, init: RequestInit): Promise<Response> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        credentials: 'include',
        ...init,
        headers: { ...hooks.headers, ...init.headers },
      });
    } catch (error) {
      throw new CallFailed(0, {
        ...errorBody(error instanceof Error ? error.message : String(error)),
        Code: NETWORK_ERROR,
      });
    }
    if (!res.ok) throw await failure(res, hooks);
    hooks.onSuccess?.();
    return res;
  }

  return {
    /**
     * Uploads files in one multipart request for a file or image field (the server takes uploads
     * only for a field the user may fill); answers a FileID per file.
     */
    async upload(files: readonly File[], target: UploadTarget): Promise<UploadedFile[]> {
      const form = new FormData();
      for (const file of files) form.append('file', file, file.name);
      const res = await send(`mvc/files/upload?${query({ table: target.table, field: target.field })}`, {
        method: 'POST',
        body: form,
      });
      return (await res.json()) as UploadedFile[];
    },
    /** A file by its path (a file field's, a document's, an export's), read whole. */
    async fetchFile(path: string, fallbackName = 'download'): Promise<FetchedFile> {
      return fetched(await send(path, { method: 'GET' }), fallbackName);
    },
    /** A file a call makes from a JSON body (a report of a record or a selection), read whole. */
    async postFile(path: string, body: unknown, fallbackName = 'download'): Promise<FetchedFile> {
      const res = await send(path, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      });
      return fetched(res, fallbackName);
    },
    /**
     * Starts an import. The form's fields go first and the file last (part File): the server reads
     * the fields before it streams the file to disk. Answers the import task, still pending.
     */
    async startImport({ File: file, ...form }: ImportStart): Promise<ImportTask> {
      const body = new FormData();
      body.append('Destination', form.Destination);
      body.append('FileName', file.name);
      body.append('Overwrite', String(form.Overwrite));
      body.append('DryRun', String(form.DryRun ?? false));
      body.append('BooleanFormat', form.BooleanFormat);
      body.append('DecimalFormat', form.DecimalFormat);
      body.append('DateFormat', form.DateFormat);
      body.append('File', file, file.name);
      const res = await send('mvc/import/StartImport', { method: 'POST', body });
      return (await res.json()) as ImportTask;
    },
    /** The spreadsheet to fill in for a destination, named by the server (else import_template.xlsx). */
    async importTemplate(request: TemplateRequest): Promise<FetchedFile> {
      const body = JSON.stringify({
        Destination: request.Destination,
        ...(request.ObjectTypeID != null ? { ObjectTypeID: request.ObjectTypeID } : {}),
        ...(request.LocationTypeID != null ? { LocationTypeID: request.LocationTypeID } : {}),
      });
      const res = await send('mvc/import/GenerateTemplate', {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
      });
      return fetched(res, IMPORT.DefaultTemplateName);
    },
  };
}

export type Transfer = ReturnType<typeof createTransfer>;

const query = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

/** Where the files are: paths relative to the page, as the calls are. */
export const fileUrls = {
  /** The file of a record's file or image field; thumbnail asks for an image to show. */
  field: (control: string, autoid: number, field: string, thumbnail = false) =>
    `mvc/${encodeURIComponent(control)}/file?${query({ autoid, field, ...(thumbnail ? { thumbnail: 1 } : {}) })}`,
  /** The file of a record of a table with one file field (a document). */
  record: (control: string, autoid: number) => `mvc/${encodeURIComponent(control)}/download?${query({ autoid })}`,
  /** The spreadsheet of a finished download request (an export). */
  export: (autoid: number) => `mvc/downloadrequests/download?${query({ autoid })}`,
  /** An import task's input file, or its output file (the input with a result and a message per row). */
  importFile: (autoid: number, result: boolean) =>
    `mvc/import/GetFile?${query({ ImportId: autoid, Result: String(result) })}`,
};
