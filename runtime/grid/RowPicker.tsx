// Picks rows of a list column's lookup (`mvc/_lists/<list>`) for an advanced filter: one row for
// "is" / "is niet", several for "is een van". The filter holds AutoIDs; the user sees and
// searches the rows' texts. Texts of rows picked earlier (a saved view, a pinned filter) are
// asked for once with the lookup's single call.
import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { api, type ApiClient, type ListEntry } from '../api/index.ts';

export type Lookup = Pick<ApiClient, 'list' | 'single'>;

interface Props {
  /** The lookup call, e.g. `mvc/_lists/costcategories`. */
  method: string;
  values: readonly number[];
  multiple: boolean;
  /** The accessible name of the search box. */
  label: string;
  onChange: (values: number[]) => void;
  lookup?: Lookup;
}

const SEARCH_DELAY_MS = 250;
const textOf = (entry: ListEntry) => String(entry.Descr || entry.ID || entry.AutoID);

export function RowPicker({ method, values, multiple, label, onChange, lookup = api }: Props) {
  const { t } = useLingui();
  const listId = useId();
  const [texts, setTexts] = useState<ReadonlyMap<number, string>>(new Map());
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const [results, setResults] = useState<ListEntry[] | null>(null);
  const [active, setActive] = useState(0);
  const asked = useRef(new Set<number>());
  const sequence = useRef(0);

  // Texts of picked rows this picker has not seen in its results.
  useEffect(() => {
    for (const id of values) {
      if (texts.has(id) || asked.current.has(id)) continue;
      asked.current.add(id);
      lookup.single(`${method}/single`, id).then(
        (entry) => setTexts((known) => new Map(known).set(id, textOf(entry))),
        (error) => console.error('list entry failed', method, id, error),
      );
    }
  }, [values, texts, method, lookup]);

  // The lookup's rows matching what is typed, after a pause; at once when it opens.
  useEffect(() => {
    if (!open) return;
    const id = ++sequence.current;
    const timer = setTimeout(
      () => {
        lookup.list(method, { searchKey: search, page: 0 }).then(
          (answer) => {
            if (id === sequence.current) {
              setResults(answer.Data);
              setActive(0);
            }
          },
          (error) => {
            console.error('list search failed', method, error);
            if (id === sequence.current) setResults([]);
          },
        );
      },
      search ? SEARCH_DELAY_MS : 0,
    );
    return () => clearTimeout(timer);
  }, [open, search, method, lookup]);

  const pick = (entry: ListEntry) => {
    setTexts((known) => new Map(known).set(entry.AutoID, textOf(entry)));
    if (!multiple) {
      onChange([entry.AutoID]);
      setOpen(false);
      setSearch('');
      return;
    }
    onChange(values.includes(entry.AutoID) ? values.filter((v) => v !== entry.AutoID) : [...values, entry.AutoID]);
  };
  const remove = (id: number) => onChange(values.filter((v) => v !== id));
  const shown = open ? results : null;
  const optionId = (i: number) => `${listId}-${i}`;

  return (
    <div className="grid-picker">
      {values.map((id) => {
        return (
          <span key={id} className="grid-chip">
            <span className="grid-text">{texts.get(id) ?? '…'}</span>
            <button type="button" aria-label={t`${texts.get(id) ?? '…'} verwijderen`} onClick={() => remove(id)}>
              ×
            </button>
          </span>
        );
      })}
      <span className="grid-picker-search">
        <input
          type="text"
          role="combobox"
          aria-label={label}
          aria-autocomplete="list"
          aria-expanded={Boolean(shown)}
          aria-controls={listId}
          aria-activedescendant={shown?.length ? optionId(active) : undefined}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && open) {
              e.stopPropagation();
              setOpen(false);
              return;
            }
            if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
              e.preventDefault();
              if (!open) {
                setOpen(true);
                return;
              }
              const count = shown?.length ?? 0;
              if (count) setActive((i) => (i + (e.key === 'ArrowDown' ? 1 : count - 1)) % count);
              return;
            }
            if (e.key === 'Enter' && shown?.[active]) {
              e.preventDefault();
              pick(shown[active]);
            }
          }}
        />
        {shown && (
          <ul
            role="listbox"
            id={listId}
            aria-label={label}
            aria-multiselectable={multiple || undefined}
            className="grid-menu grid-picker-list"
          >
            {shown.length === 0 && <li role="presentation" className="grid-picker-empty">{t`Geen resultaten`}</li>}
            {shown.map((entry, i) => (
              <li
                key={entry.AutoID}
                id={optionId(i)}
                role="option"
                aria-selected={values.includes(entry.AutoID)}
                className={i === active ? 'grid-picker-active' : undefined}
                // Keeps the focus in the box, so the list stays open for the next pick.
                onMouseDown={(e) => {
                  e.preventDefault();
                  pick(entry);
                }}
              >
                {textOf(entry)}
              </li>
            ))}
          </ul>
        )}
      </span>
    </div>
  );
}
