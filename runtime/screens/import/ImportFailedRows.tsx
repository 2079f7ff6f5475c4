// The failed rows of an ended import, as its task answers them: each row by its number in the file
// and the values that identify it, with every problem it had in the user's language. A table whose
// rows are reached with the arrow keys (Home and End for the first and last), paged when the task
// kept more than a page, and saying so when it kept fewer rows than failed.
import { useLingui } from '@lingui/react/macro';
import { useRef, useState, type KeyboardEvent } from 'react';
import type { ImportFailedRow, ImportResults } from '../../api/index.ts';
import { useFailedRows } from './useFailedRows.ts';

export interface ImportFailedRowsProps {
  autoid: number;
  results: ImportResults;
  /** FailedRecords of the task: every failed row, kept or not. */
  failed: number;
}

const keyText = (row: ImportFailedRow) => row.Key.map((k) => `${k.Label}: ${k.Value}`).join(', ');

export function ImportFailedRows({ autoid, results, failed }: ImportFailedRowsProps) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale || 'nl';
  const { page, loading, error, go } = useFailedRows(autoid, results);
  const [active, setActive] = useState(0);
  const body = useRef<HTMLTableSectionElement>(null);
  const rows = page.FailedRows;
  if (!rows.length && !error) return null;
  const pages = Math.max(1, Math.ceil(page.FailedRowsKept / page.PageSize));
  const kept = page.FailedRowsKept.toLocaleString(locale);
  const all = failed.toLocaleString(locale);
  const pageNo = page.PageIndex.toLocaleString(locale);
  const pageCount = pages.toLocaleString(locale);

  const focusRow = (i: number) => {
    const next = Math.max(0, Math.min(rows.length - 1, i));
    setActive(next);
    body.current?.querySelectorAll<HTMLTableRowElement>('tr')[next]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTableSectionElement>) => {
    const moves: Record<string, number> = { ArrowDown: active + 1, ArrowUp: active - 1, Home: 0, End: rows.length - 1 };
    if (!(e.key in moves)) return;
    e.preventDefault();
    focusRow(moves[e.key]);
  };
  const turn = (index: number) => {
    setActive(0);
    void go(index);
  };

  return (
    <section className="import-failures" aria-labelledby={`import-failures-${autoid}`}>
      <h3 id={`import-failures-${autoid}`} className="import-failures-title">{t`Mislukte rijen`}</h3>
      {page.FailedRowsKept < failed && (
        <p className="import-hint">{t`De eerste ${kept} van ${all} mislukte rijen zijn bewaard; het uitvoerbestand noemt ze allemaal.`}</p>
      )}
      {error && (
        <p className="import-alert" role="alert">
          {error}
        </p>
      )}
      <div className="import-failures-scroll">
        <table className="import-failures-table" aria-busy={loading || undefined}>
          <thead>
            <tr>
              <th scope="col">{t`Rij`}</th>
              <th scope="col">{t`Record`}</th>
              <th scope="col">{t`Problemen`}</th>
            </tr>
          </thead>
          <tbody ref={body} onKeyDown={onKeyDown}>
            {rows.map((row, i) => {
              const number = row.Row.toLocaleString(locale);
              return (
                <tr
                  key={row.Row}
                  tabIndex={i === Math.min(active, rows.length - 1) ? 0 : -1}
                  onFocus={() => setActive(i)}
                  aria-label={t`Rij ${number}`}
                >
                  <th scope="row">{number}</th>
                  <td>{keyText(row) || '–'}</td>
                  <td>
                    <ul className="import-problems">
                      {row.Problems.map((p, j) => (
                        <li key={j}>{p.Message}</li>
                      ))}
                    </ul>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {pages > 1 && (
        <nav className="import-failures-pager" aria-label={t`Pagina's van mislukte rijen`}>
          <button
            type="button"
            className="app-button"
            disabled={loading || page.PageIndex <= 1}
            onClick={() => turn(page.PageIndex - 1)}
          >{t`Vorige`}</button>
          <span aria-live="polite">{t`Pagina ${pageNo} van ${pageCount}`}</span>
          <button
            type="button"
            className="app-button"
            disabled={loading || page.PageIndex >= pages}
            onClick={() => turn(page.PageIndex + 1)}
          >{t`Volgende`}</button>
        </nav>
      )}
    </section>
  );
}
