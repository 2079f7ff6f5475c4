// "Afdrukken" on a record (spec 3 §7): the reports of the record's table, each in the content
// languages it is offered in (the user's own first), made by the server as the user and shown in
// the print-blob dialog to view, print or save.
import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { AnswerOf } from '../../../definitions/language/index.ts';
import { api, transfer } from '../../api/index.ts';
import { MenuButton } from '../../ui/MenuButton.tsx';
import { showAlert, showLoader, showPrintBlob } from '../../ui/dialogs/index.ts';
import { downloadFailure } from '../../files/index.ts';

type Report = AnswerOf<'GET /mvc/reports/List'>['Reports'][number];

/** A language's name in the user's language ("Engels" for en in Dutch). */
function languageName(code: string, userLanguage: string): string {
  try {
    return new Intl.DisplayNames([userLanguage], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

export function PrintMenu({ table, autoid, disabled }: { table: string; autoid: number; disabled?: boolean }) {
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
  const own = i18n.locale;
  const print = async (report: Report, language: string) => {
    const hide = showLoader();
    try {
      const file = await transfer.postFile(
        'mvc/reports/Render',
        { Table: table, Report: report.Name, AutoID: autoid, Language: language },
        `${report.Title}.pdf`,
      );
      hide();
      showPrintBlob(file.blob, file.fileName);
    } catch (error) {
      hide();
      showAlert(downloadFailure(error));
    }
  };
  const items = reports.flatMap((report) =>
    [...report.Languages]
      .sort((a, b) => (a === own ? -1 : b === own ? 1 : 0))
      .map((language) => ({
        key: `${report.Name}:${language}`,
        label: `${report.Title} (${languageName(language, own)})`,
        onSelect: () => void print(report, language),
      })),
  );
  return (
    <MenuButton
      label={t`Afdrukken`}
      disabled={disabled}
      className="detail-print-menu"
      buttonClassName="app-button"
      items={items}
    />
  );
}
