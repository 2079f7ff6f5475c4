// The record's status log (GetStatusLog): every transition and logged change, newest as the
// server orders them, with from and to by their labels, reason, comment, date, who and when.
import { useLingui } from '@lingui/react/macro';
import { ColumnFormat } from '../../../definitions/language/index.ts';
import { formatDateValue } from '../../grid/index.ts';
import { useStatusLog } from './useStatusLog.ts';

export interface StatusLogTabProps {
  table: string;
  autoid: number;
  version: number;
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const date = (v: string | null, format: number) => (v ? formatDateValue(v, format) : '');

export function StatusLogTab({ table, autoid, version }: StatusLogTabProps) {
  const { t } = useLingui();
  const { rows, failed } = useStatusLog(table, autoid, version);

  if (failed)
    return (
      <p role="alert" className="grid-alert">
        {t({ id: 'errors.error_retrieving', message: 'Fout bij het ophalen van de gegevens.' })}
      </p>
    );
  if (!rows) return <div className="app-spinner" role="progressbar" aria-label={t`Bezig met laden...`} />;
  if (rows.length === 0)
    return (
      <p className="grid-empty" role="status">
        {t({ id: 'grid.no_results', message: 'Geen resultaten' })}
      </p>
    );
  return (
    <table className="detail-table">
      <caption className="app-sr-only">{t`Statuslog`}</caption>
      <thead>
        <tr>
          <th scope="col">{t`Van`}</th>
          <th scope="col">{t`Naar`}</th>
          <th scope="col">{t`Reden`}</th>
          <th scope="col">{t`Toelichting`}</th>
          <th scope="col">{t`Datum`}</th>
          <th scope="col">{t`Door`}</th>
          <th scope="col">{t`Op`}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.AutoID}>
            <td>{row.FromLabel ?? text(row.From)}</td>
            <td>{row.ToLabel || text(row.To)}</td>
            <td>{text(row.Reason)}</td>
            <td className="detail-table-wrap">{text(row.Comment)}</td>
            <td>{date(row.Date, ColumnFormat.Date)}</td>
            <td>{row.By}</td>
            <td>{date(row.At, ColumnFormat.DateTime)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
