// The template of a destination: a spreadsheet with a column per field the import takes, saved
// under the name the server gives it (else import_template.xlsx). A failure is told as a toast
// with the server's Error (spec 1 section 8). Destinations that need an object or location type
// pass it in the request; no destination of this product does yet.
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { CallFailed, transfer, type TemplateRequest } from '../../api/index.ts';
import { saveBlob, showLoader, toast } from '../../ui/dialogs/index.ts';

export async function downloadTemplate(request: TemplateRequest): Promise<boolean> {
  const hideLoader = showLoader();
  try {
    const file = await transfer.importTemplate(request);
    hideLoader();
    saveBlob(file.blob, file.fileName);
    return true;
  } catch (error) {
    console.error(`GenerateTemplate ${request.Destination} failed`, error);
    toast(
      'error',
      error instanceof CallFailed && error.status !== 0 && error.body?.Error
        ? error.body.Error
        : i18n._(msg`Het sjabloon kon niet worden gemaakt.`),
    );
    return false;
  } finally {
    hideLoader();
  }
}
