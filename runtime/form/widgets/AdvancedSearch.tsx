import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { PICKER_PAGE_SIZE } from '../../../definitions/language/index.ts';
import type { LookupEntry } from '../../api/index.ts';
import type { ListClient } from '../context.ts';
import { PICKER_SEARCH_DEBOUNCE_MS, archiveFlag, entryValue, isArchivedEntry } from '../rules/index.ts';
import type { ListConfig } from '../types.ts';

interface Props {
  title: string;
  listMethod: string;
  /** What identifies an entry: a list row's AutoID (default) or a catalogue entry's code. */
  valueField?: ListConfig['ValueField'];
  parameters: Record<string, unknown>;
  client: ListClient;
  onPick: (entry: LookupEntry) => void;
  onClose: () => void;
}

/** The advanced search (F4): the whole list with a search box, in a modal. */
export function AdvancedSearch({ title, listMethod, valueField, parameters, client, onPick, onClose }: Props) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const [rows, setRows] = useState<LookupEntry[]>([]);
  const [page, setPage] = useState(0);
  const [hasMore, setHasMore] = useState(false);

  useEffect(() => {
    let live = true;
    const timer = setTimeout(
      () => {
        client
          .list(listMethod, {
            searchKey: search,
            page,
            pageSize: PICKER_PAGE_SIZE,
            ...archiveFlag(listMethod),
            ...parameters,
          })
          .then(
            (answer) => {
              if (live) {
                setRows((old) => (page === 0 ? answer.Data : [...old, ...answer.Data]));
                setHasMore(answer.Meta.HasMore);
              }
            },
            (error) => console.error('list search failed', listMethod, error),
          );
      },
      page === 0 ? PICKER_SEARCH_DEBOUNCE_MS : 0,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [search, page, listMethod, client, JSON.stringify(parameters)]);

  return (
    <div className="form-modal-backdrop" onMouseDown={onClose}>
      <div
        className="form-modal"
        role="dialog"
        aria-modal="true"
        aria-label={title}
        onMouseDown={(e) => e.stopPropagation()}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            onClose();
          }
        }}
      >
        <div className="form-modal-header">
          <h2>{title}</h2>
          <button type="button" className="form-button" onClick={onClose} aria-label={t`Sluiten`}>
            ×
          </button>
        </div>
        <input
          autoFocus
          type="search"
          className="form-input"
          value={search}
          placeholder={t`Zoeken`}
          aria-label={t`Zoeken`}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(0);
          }}
        />
        <ul className="form-modal-list" role="listbox">
          {rows.map((row) => (
            <li
              key={String(entryValue(row, { ValueField: valueField }))}
              role="option"
              aria-selected={false}
              tabIndex={0}
              className={isArchivedEntry(row) ? 'form-archived' : undefined}
              onClick={() => onPick(row)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') onPick(row);
              }}
            >
              {/* A catalogue entry's text already ends in its code; it says what it guards instead. */}
              {valueField === 'ID' ? (
                row.Descr
              ) : (
                <>
                  <span className="form-option-id">{row.ID}</span> {row.Descr}
                </>
              )}
              {'Detail' in row && row.Detail && <span className="form-picker-detail"> · {row.Detail}</span>}
            </li>
          ))}
          {rows.length === 0 && (
            <li className="form-empty">
              <Trans>Geen resultaten</Trans>
            </li>
          )}
        </ul>
        {hasMore && (
          <button type="button" className="form-button" onClick={() => setPage((p) => p + 1)}>
            <Trans>Meer laden</Trans>
          </button>
        )}
      </div>
    </div>
  );
}
