// A multipart body that ends without its closing delimiter (`--boundary--`): the parser may go on
// waiting for the rest of the part being read, which will never come, and the request would hang
// unanswered. Watching the bytes as they pass says so the moment the body ends.
import type { FastifyRequest } from 'fastify';

/** The boundary of a multipart request's Content-Type, or undefined. */
function boundaryOf(contentType: string | undefined): string | undefined {
  const m = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  return m ? (m[1] ?? m[2]) : undefined;
}

/** The name of the last file part the bytes begin (`filename="…"` of its head), in UTF-8. */
const FILE_NAME = /^filename="([^"\r\n]*)"/;
const NAME_START = Buffer.from('filename="');

/**
 * Calls `onCutOff` once, with the name of the last file part begun, if the request's body ends
 * without having carried the closing delimiter; answers a function that stops watching.
 */
export function whenBodyCutOff(request: FastifyRequest, onCutOff: (fileName: string) => void): () => void {
  const boundary = boundaryOf(request.headers['content-type']);
  if (!boundary) return () => {};
  const closing = Buffer.from(`--${boundary}--`);
  let tail = Buffer.alloc(0);
  let closed = false;
  let fileName = '';
  // The delimiter (or a part's head) may straddle two pieces: each is searched with the end of the one before.
  const keep = Math.max(closing.length, 1024);
  const onData = (chunk: Buffer) => {
    if (closed) return;
    const window = Buffer.concat([tail, chunk]);
    if (window.includes(closing)) closed = true;
    // A native search first: a large file's bytes are not turned into text.
    for (let at = window.indexOf(NAME_START); at >= 0; at = window.indexOf(NAME_START, at + 1)) {
      const m = FILE_NAME.exec(window.subarray(at, at + 1024).toString('latin1'));
      if (m) fileName = Buffer.from(m[1], 'latin1').toString('utf8');
    }
    tail = window.subarray(Math.max(0, window.length - keep));
  };
  const onEnd = () => {
    if (!closed) onCutOff(fileName);
  };
  request.raw.on('data', onData);
  request.raw.once('end', onEnd);
  return () => {
    request.raw.off('data', onData);
    request.raw.off('end', onEnd);
  };
}
