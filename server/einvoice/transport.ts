// Where a sent e-invoice goes: a transport takes the UBL document and its name and delivers it,
// or throws. The one transport now drops the document as a file into a directory (the outbox),
// from where a Peppol access point's client or a person takes it.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface EInvoiceTransport {
  /** Delivers the document; answers where it went. Throws when it could not. */
  deliver(name: string, xml: string): Promise<string>;
}

/** A file name of the document's name: letters, digits, - _ . only. */
export const fileNameOf = (name: string) => `${name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 120) || 'einvoice'}.xml`;

/** Drops each document into `dir` (made when missing), written whole before it appears under its name. */
export function directoryDrop(dir: string): EInvoiceTransport {
  return {
    async deliver(name, xml) {
      await mkdir(dir, { recursive: true });
      const target = path.join(dir, fileNameOf(name));
      const partial = `${target}.${process.pid}.part`;
      await writeFile(partial, xml, 'utf8');
      await rename(partial, target);
      return target;
    },
  };
}
