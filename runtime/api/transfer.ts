// Files to and from the server: the multipart upload (the one call that is not JSON) and fetching
// a file as a blob with the name its Content-Disposition gives. Failures reject with CallFailed in
// the documented error shape, as the JSON calls do, and the same hooks hear of them.
import { CallFailed, isUnauthenticated, type ApiErrorBody, type ClientHooks } from './client.ts';
import { fileNameOf } from './disposition.ts';

/** What the upload answers per file, in the order sent. */
import type { UploadedFile } from '../../definitions/language/index.ts';

export type { UploadedFile };

/** A file fetched whole: its bytes, its name (Content-Disposition, else the fallback) and type. */
export interface FetchedFile { blob: Blob; fileName: string; type: string }

/** A connection that broke off (the server refuses a large upload by closing it) says no more than this. */
const NETWORK_ERROR = 'network';

const errorBody = (Error: string): ApiErrorBody => ({ Error, ModelState: {}, TranslationModelState: { ModelState: {} } });

async function failure(res: Response, hooks: ClientHooks): Promise<CallFailed> {
  let body: ApiErrorBody;
  try {
    body = await res.json() as ApiErrorBody;
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
      res = await fetch(`${base}${path}`, { credentials: 'include', ...init, headers: { ...hooks.headers, ...init.headers } });
    } catch (error) {
      throw new CallFailed(0, { ...errorBody(error instanceof Error ? error.message : String(error)), Code: NETWORK_ERROR });
    }
    if (!res.ok) throw await failure(res, hooks);
    hooks.onSuccess?.();
    return res;
  }

  return {
    /** Uploads files in one multipart request; answers a FileID per file. */
    async upload(files: readonly File[]): Promise<UploadedFile[]> {
      const form = new FormData();
      for (const file of files) form.append('file', file, file.name);
      const res = await send('mvc/files/upload', { method: 'POST', body: form });
      return await res.json() as UploadedFile[];
    },
    /** A file by its path (a file field's, a document's, an export's), read whole. */
    async fetchFile(path: string, fallbackName = 'download'): Promise<FetchedFile> {
      const res = await send(path, { method: 'GET' });
      const blob = await res.blob();
      const type = (res.headers.get('content-type') ?? blob.type).split(';')[0].trim().toLowerCase();
      return { blob, fileName: fileNameOf(res.headers.get('content-disposition')) ?? fallbackName, type };
    },
  };
}

export type Transfer = ReturnType<typeof createTransfer>;

const query = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

/** Where the files are: paths relative to the page, as the calls are. */
export const fileUrls = {
  /** The file of a record's file or image field; thumbnail asks for an image to show. */
  field: (control: string, autoid: number, field: string, thumbnail = false) =>
    `mvc/${encodeURIComponent(control)}/file?${query({ autoid, field, ...(thumbnail ? { thumbnail: 1 } : {}) })}`,
  /** The file of a record of a table with one file field (a document). */
  record: (control: string, autoid: number) => `mvc/${encodeURIComponent(control)}/download?${query({ autoid })}`,
  /** The spreadsheet of a finished download request (an export). */
  export: (autoid: number) => `mvc/downloadrequests/download?${query({ autoid })}`,
};
