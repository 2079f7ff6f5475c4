// A summary screen (kind `summary`): its table's rows grouped as a summary of the table's grid
// definition says (hours per person and week), one row per group with its sums, the totals over all
// groups in the footer, paged and sorted by a click on a column's heading. The server decides the
// rows, the row limits and the hidden fields (GetSummaryData); this page only draws.
import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import { api, type TableScreen } from '../../api/index.ts';
import type { AnswerOf } from '../../../definitions/language/index.ts';
import { refusal } from '../planning/usePlanningBoard.ts';
import '../screens.css';
import './summary.css';

type Summary = AnswerOf<'POST /mvc/:control/GetSummaryData'>;
type Column = Summary['Meta']['Columns'][number];

/** What a cell shows: a list column its row's text, a date in the user's locale, a number with its decimals. */
function cellText(column: Column, row: Record<string, unknown>, locale: string): string {
  const value = row[column.FieldName];
  const text = row[`${column.FieldName}_Descr`];
  if (typeof text === 'string') return text;
  if (value === null || value === undefined) return '';
  if (column.FieldType === 'date' && typeof value === 'string')
    return new Intl.DateTimeFormat(locale, { timeZone: 'UTC', dateStyle: 'medium' }).format(
      Date.parse(`${value}T00:00Z`),
    );
  if (typeof value === 'number') return numberText(column, value, locale);
  return String(value);
}

function numberText(column: Column, value: number, locale: string): string {
  const decimals = typeof column.Decimals === 'number' ? column.Decimals : 0;
  return new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(
    value,
  );
}

export function SummaryPage({ screen }: { screen: TableScreen }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const sets = screen.dataSets ?? [];
  const [dataSet, setDataSet] = useState(sets.find((s) => s.default)?.name ?? sets[0]?.name ?? null);
  const [order, setOrder] = useState<string | null>(null);
  const [pageIndex, setPageIndex] = useState(0);
  const [answer, setAnswer] = useState<Summary | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    api
      .summaryData(screen.table, { summary: screen.summary ?? null, dataSet, order, pageIndex })
      .then((a) => live && (setAnswer(a), setError(null)))
      .catch((e: unknown) => live && setError(refusal(e, t`Geen resultaat ontvangen`)));
    return () => {
      live = false;
    };
  }, [screen.table, screen.summary, dataSet, order, pageIndex]);

  const columns = answer?.Meta.Columns ?? [];
  const pageCount = answer ? Math.max(1, Math.ceil(answer.Meta.Count / answer.Meta.PageSize)) : 1;
  const pageNo = pageIndex + 1;
  const sorted = order?.split(' ') ?? [];
  const sortBy = (name: string) => {
    setOrder(sorted[0] === name && sorted[1] === 'asc' ? `${name} desc` : `${name} asc`);
    setPageIndex(0);
  };

  return (
    <section className="app-page summary-page">
      <header className="app-page-header">
        <h1 className="app-page-title">{screen.title}</h1>
      </header>
      <div className="summary-toolbar" role="toolbar" aria-label={screen.title}>
        {sets.length > 1 && (
          <div className="summary-choice">
            <label htmlFor={`${id}-set`}>{t`Gegevensset`}</label>
            <select
              id={`${id}-set`}
              className="app-input"
              value={dataSet ?? ''}
              onChange={(e) => (setDataSet(e.target.value), setPageIndex(0))}
            >
              {sets.map((s) => (
                <option key={s.name} value={s.name}>
                  {s.title}
                </option>
              ))}
            </select>
          </div>
        )}
        <button
          type="button"
          className="app-button"
          disabled={pageIndex === 0}
          onClick={() => setPageIndex(pageIndex - 1)}
        >
          {t`Vorige`}
        </button>
        <span className="summary-page-no">{t`Pagina ${pageNo} van ${pageCount}`}</span>
        <button
          type="button"
          className="app-button"
          disabled={pageNo >= pageCount}
          onClick={() => setPageIndex(pageIndex + 1)}
        >
          {t`Volgende`}
        </button>
      </div>
      {error && (
        <p role="alert" className="summary-message">
          {error}
        </p>
      )}
      <div className="summary-body" aria-busy={!answer && !error ? true : undefined}>
        <table className="summary-table">
          <caption>{answer?.Meta.Title ?? screen.title}</caption>
          <thead>
            <tr>
              {columns.map((c) => {
                const sort =
                  sorted[0] === c.FieldName ? (sorted[1] === 'desc' ? 'descending' : 'ascending') : undefined;
                return (
                  <th key={c.FieldName} scope="col" aria-sort={sort} className={c.Aggregate ? 'summary-measure' : ''}>
                    <button type="button" className="summary-sort" onClick={() => sortBy(c.FieldName)}>
                      {typeof c.Title === 'string' ? c.Title : c.FieldName}
                      {sort === 'ascending' ? ' ▲' : sort === 'descending' ? ' ▼' : ''}
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {answer?.Data.map((row, i) => (
              <tr key={i}>
                {columns.map((c) => (
                  <td key={c.FieldName} className={c.Aggregate ? 'summary-measure' : ''}>
                    {cellText(c, row, i18n.locale)}
                  </td>
                ))}
              </tr>
            ))}
            {answer && !answer.Data.length && (
              <tr>
                <td colSpan={Math.max(1, columns.length)}>{t`Geen rijen`}</td>
              </tr>
            )}
          </tbody>
          {answer && answer.Data.length > 0 && (
            <tfoot>
              <tr>
                {columns.map((c, i) => (
                  <td key={c.FieldName} className={c.Aggregate ? 'summary-measure' : ''}>
                    {c.Aggregate
                      ? numberText(c, answer.Meta.Totals[c.FieldName] ?? 0, i18n.locale)
                      : i === 0
                        ? t`Totaal`
                        : ''}
                  </td>
                ))}
              </tr>
            </tfoot>
          )}
        </table>
      </div>
    </section>
  );
}
