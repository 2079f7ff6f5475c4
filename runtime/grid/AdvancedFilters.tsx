// The advanced filter panel: rows of field / operator / value. Operators come from the column's
// AdvancedFilterType (spec 1 section 5); the empty operator hides the value input. A list column
// is filtered by its text (bevat) or by picked rows of its lookup (is, is een van); a choice
// column by its options' labels.
import { useLingui } from '@lingui/react/macro';
import type { FilterKind } from '../../definitions/language/index.ts';
import { filterStep, isFilterable, kindOf, operatorsOf, valueEditor, valueFor } from './filters.ts';
import { RowPicker, type Lookup } from './RowPicker.tsx';
import type { AdvancedFilter, GridColumn } from './types.ts';

interface Props {
  columns: readonly GridColumn[];
  filters: readonly AdvancedFilter[];
  onAdd: (column: GridColumn | undefined, operator: string) => void;
  onChange: (id: number, patch: Partial<Omit<AdvancedFilter, 'id'>>, delay?: number) => void;
  onRemove: (id: number) => void;
  /** The lookup calls of list columns (tests hand in a fake). */
  lookup?: Lookup;
}

const INPUT_TYPES: Partial<Record<FilterKind, string>> = {
  number: 'number',
  date: 'date',
  time: 'time',
  datetime: 'datetime-local',
};
const TYPING_DELAY_MS = 500;

const list = (value: AdvancedFilter['Value']): readonly (string | number)[] => (Array.isArray(value) ? value : []);

export function AdvancedFilters({ columns, filters, onAdd, onChange, onRemove, lookup }: Props) {
  const { t } = useLingui();
  const filterable = columns.filter(isFilterable);
  const operatorLabel = (op: string, kind: FilterKind) => {
    switch (op) {
      case 'contains':
        return t`bevat`;
      case 'notcontains':
        return t`bevat niet`;
      case 'empty':
        return t`is leeg`;
      case 'in':
        return t`is een van`;
    }
    // A list or choice column compares what the user picks, not a code or a number.
    if (kind === 'list' || kind === 'choice') return op === '=' ? t`is` : op === '!=' ? t`is niet` : op;
    return op;
  };
  return (
    <div className="grid-advanced" role="group" aria-label={t`Geavanceerde filters`}>
      {filters.map((filter) => {
        const column = columns.find((c) => c.FieldName === filter.FieldName);
        const operators = operatorsOf(column);
        const kind = column ? kindOf(column) : 'text';
        const editor = valueEditor(column, filter.Operator);
        const valueLabel = t`Waarde`;
        const change = (patch: Partial<Omit<AdvancedFilter, 'id'>>) => onChange(filter.id, patch);
        return (
          <div key={filter.id} className="grid-advanced-row">
            <select
              aria-label={t`Veld`}
              value={filter.FieldName}
              onChange={(e) => {
                const next = columns.find((c) => c.FieldName === e.target.value);
                const ops = operatorsOf(next);
                const operator = ops.includes(filter.Operator) ? filter.Operator : (ops[0] ?? '');
                change({ FieldName: e.target.value, Operator: operator, Value: valueFor(next, operator) });
              }}
            >
              {filterable.map((c) => (
                <option key={c.FieldName} value={c.FieldName}>
                  {c.Title ?? c.FieldName}
                </option>
              ))}
            </select>
            <select
              aria-label={t`Operator`}
              value={filter.Operator}
              onChange={(e) => change({ Operator: e.target.value, Value: valueFor(column, e.target.value, filter) })}
            >
              {operators.map((op) => (
                <option key={op} value={op}>
                  {operatorLabel(op, kind)}
                </option>
              ))}
            </select>
            {editor === 'bool' && (
              <input
                type="checkbox"
                aria-label={valueLabel}
                checked={filter.Value === true}
                onChange={(e) => change({ Value: e.target.checked })}
              />
            )}
            {editor === 'text' && (
              <input
                type={INPUT_TYPES[kind] ?? 'text'}
                aria-label={valueLabel}
                step={filterStep(column)}
                value={typeof filter.Value === 'string' ? filter.Value : ''}
                onChange={(e) => onChange(filter.id, { Value: e.target.value }, TYPING_DELAY_MS)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') onChange(filter.id, { Value: e.currentTarget.value }, 0);
                }}
              />
            )}
            {(editor === 'row' || editor === 'rows') && column?.ListMethod && (
              <RowPicker
                method={column.ListMethod}
                values={editor === 'rows' ? list(filter.Value).map(Number) : filter.Value ? [Number(filter.Value)] : []}
                multiple={editor === 'rows'}
                label={valueLabel}
                lookup={lookup}
                onChange={(ids) => change({ Value: editor === 'rows' ? ids : ids.length ? String(ids[0]) : '' })}
              />
            )}
            {editor === 'option' && (
              <select
                aria-label={valueLabel}
                value={typeof filter.Value === 'string' ? filter.Value : ''}
                onChange={(e) => change({ Value: e.target.value })}
              >
                <option value="" />
                {(column?.Options ?? []).map((o) => (
                  <option key={o.Value} value={o.Value}>
                    {o.Label}
                  </option>
                ))}
              </select>
            )}
            {editor === 'options' && (
              <div role="group" aria-label={valueLabel} className="grid-choices">
                {(column?.Options ?? []).map((o) => {
                  const picked = list(filter.Value).map(String);
                  return (
                    <label key={o.Value}>
                      <input
                        type="checkbox"
                        checked={picked.includes(o.Value)}
                        onChange={(e) =>
                          change({
                            Value: e.target.checked ? [...picked, o.Value] : picked.filter((v) => v !== o.Value),
                          })
                        }
                      />
                      {o.Label}
                    </label>
                  );
                })}
              </div>
            )}
            <button
              type="button"
              className="grid-icon-button"
              aria-label={t`Filter verwijderen`}
              title={t`Filter verwijderen`}
              onClick={() => onRemove(filter.id)}
            >
              ×
            </button>
          </div>
        );
      })}
      <button
        type="button"
        className="grid-button"
        disabled={!filterable.length}
        onClick={() => onAdd(filterable[0], operatorsOf(filterable[0])[0] ?? '')}
      >
        {t`Filter toevoegen`}
      </button>
    </div>
  );
}
