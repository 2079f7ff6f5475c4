// "Selectie afdrukken" in a grid's toolbar (spec 3 §9): the reports of the grid's table, each as one
// PDF of every selected record or as a zip of a PDF per record, in the user's language when the
// report is offered in it. The server makes the file in the background as the user (a download
// request); its notice shows the progress and then the download, which opens in the print-blob
// dialog when it is a PDF.
import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { AnswerOf } from '../../../definitions/language/index.ts';
import { api, errorText } from '../../api/index.ts';
import { rowId, type GridRow } from '../../grid/index.ts';
import { trackExport } from '../../live/index.ts';
import { MenuButton } from '../../ui/MenuButton.tsx';
import { showAlert } from '../../ui/dialogs/index.ts';

type Report = AnswerOf<'GET /mvc/reports/List'>['Reports'][number];

/** The most records one printed selection holds (the server's limit, spec 3 §9). */
const MAX_SELECTION = 2000;

export function SelectionPrintMenu({ table, selected }: { table: string; selected: readonly GridRow[] }) {
  const { t, i18n } = useLingui();
  const [reports, setReports] = useState<readonly Report[]>([]);
  useEffect(() => {
    let live = true;
    api.reports(table).then(
      (answer) => live && setReports(answer.Reports),
      // A table the user may not print from offers nothing to print.
      () => live && setReports([]),
    );
    return () => {
      live = false;
    };
  }, [table]);
  if (!reports.length) return null;
  const ids = selected.map(rowId).filter((id) => id > 0);
  const print = async (report: Report, as: 'pdf' | 'zip') => {
    const language = report.Languages.includes(i18n.locale) ? i18n.locale : (report.Languages[0] ?? 'nl');
    try {
      const answer = await api.requestReportSelection(table, report.Name, ids, language, as);
      trackExport(Number(answer.AutoID), typeof answer.Descr === 'string' ? answer.Descr : null, 'reports');
    } catch (error) {
      showAlert(errorText(error, t`Het afdrukken kon niet worden gestart.`));
    }
  };
  const items = reports.flatMap((report) => [
    { key: `${report.Name}:pdf`, label: t`${report.Title}: één PDF`, onSelect: () => void print(report, 'pdf') },
    {
      key: `${report.Name}:zip`,
      label: t`${report.Title}: zip met een PDF per record`,
      onSelect: () => void print(report, 'zip'),
    },
  ]);
  return (
    <MenuButton
      label={t`Selectie afdrukken`}
      disabled={ids.length === 0 || ids.length > MAX_SELECTION}
      className="grid-print"
      buttonClassName="grid-button"
      items={items}
    />
  );
}
