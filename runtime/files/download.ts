// Downloading a file the way spec 1 section 7 says a document export does: read it as a blob and
// save it under the name of its Content-Disposition header. A file the browser shows and prints
// itself (a PDF) gets the print-blob dialog instead: view, print or save.
import { transfer } from '../api/index.ts';
import { isPrintable, saveBlob, showAlert, showLoader, showPrintBlob } from '../ui/dialogs/index.ts';
import { downloadFailure } from './messages.ts';

/** Fetches a file by its path and saves it or offers it to print; false when it failed (the user was told). */
export async function downloadFile(path: string, fallbackName?: string): Promise<boolean> {
  const hideLoader = showLoader();
  try {
    const file = await transfer.fetchFile(path, fallbackName);
    // The loader goes first, so focus returns to where the user was before the next dialog takes it.
    hideLoader();
    if (isPrintable(file.type, file.fileName)) showPrintBlob(file.blob, file.fileName);
    else saveBlob(file.blob, file.fileName);
    return true;
  } catch (error) {
    console.error(`Download of ${path} failed`, error);
    showAlert(downloadFailure(error));
    return false;
  } finally {
    hideLoader();
  }
}
