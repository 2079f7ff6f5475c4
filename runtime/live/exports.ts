// Exporting a grid: its current request (view columns, filters, sort, search, the owner's scope)
// goes to RequestExport, which queues the job and answers the download request. Its notice shows
// at once; progress and the download follow as JobProgress events. The layout says whether the
// spreadsheet shows the grid as it looks (GridLayout) or as an import takes it back (ImportLayout).
import { msg } from '@lingui/core/macro';
import { i18n } from '@lingui/core';
import { api, errorText, type ExportLayout, type FlexRequest } from '../api/index.ts';
import { showAlert } from '../ui/dialogs/index.ts';
import { trackExport } from './jobs.ts';

export async function startExport(
  table: string,
  request: FlexRequest,
  layout: ExportLayout = 'GridLayout',
): Promise<number | null> {
  try {
    const answer = await api.requestExport(table, request, layout);
    const id = Number(answer.AutoID);
    trackExport(id, typeof answer.Descr === 'string' ? answer.Descr : null);
    return id;
  } catch (error) {
    console.error(`RequestExport ${table} failed`, error);
    const text = errorText(error, i18n._(msg`Het exporteren kon niet worden gestart.`));
    showAlert(text);
    return null;
  }
}
