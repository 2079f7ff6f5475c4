// The advanced filter panel: rows of field / operator / value. Operators come from the column's
// AdvancedFilterType (spec 1 section 5); the empty operator hides the value input.
import { useLingui } from '@lingui/react/macro';
import { isFilterable, kindOf, operatorsOf } from './filters.ts';
import type { AdvancedFilter, GridColumn } from './types.ts';
import type { ValueKind } from '../../definitions/language/index.ts';

interface Props {
  columns: readonly GridColumn[];
  filters: readonly AdvancedFilter[];
  onAdd: (column: GridColumn | undefined, operator: string) => void;
  onChange: (id: number, patch: Partial<Omit<AdvancedFilter, 'id'>>, delay?: number) => void;
  onRemove: (id: number) => void;
}

const INPUT_TYPES: Record<ValueKind, string> = {
  number: 'number', date: 'date', time: 'time', datetime: 'datetime-local', bool: 'checkbox', text: 'text',
};
const TYPING_DELAY_MS = 500;

export function AdvancedFilters({ columns, filters, onAdd, onChange, onRemove }: Props) {
  const { t } = useLingui();
  const filterable = columns.filter(isFilterable);
  const operatorLabel = (op: string) =>
    op === 'contains' ? t`bevat` : op === 'notcontains' ? t`bevat niet` : op === 'empty' ? t`is leeg` : op;
  return (
    <div className="grid-advanced" role="group" aria-label={t`Geavanceerde filters`}>
      {filters.map((filter) => {
        const column = columns.find((c) => c.FieldName === filter.FieldName);
        const operators = operatorsOf(column);
        const kind = column ? kindOf(column) : 'text';
        return (
          <div key={filter.id} className="grid-advanced-row">
            <select
              aria-label={t`Veld`}
              value={filter.FieldName}
              onChange={(e) => {
                const next = columns.find((c) => c.FieldName === e.target.value);
                const ops = operatorsOf(next);
                onChange(filter.id, {
                  FieldName: e.target.value,
                  Operator: ops.includes(filter.Operator) ? filter.Operator : (ops[0] ?? ''),
                  Value: next && kindOf(next) === 'bool' ? false : '',
                });
              }}
            >
              {filterable.map((c) => <option key={c.FieldName} value={c.FieldName}>{c.Title ?? c.FieldName}</option>)}
            </select>
            <select aria-label={t`Operator`} value={filter.Operator} onChange={(e) => onChange(filter.id, { Operator: e.target.value })}>
              {operators.map((op) => <option key={op} value={op}>{operatorLabel(op)}</option>)}
            </select>
            {filter.Operator !== 'empty' && (kind === 'bool' ? (
              <input type="checkbox" aria-label={t`Waarde`} checked={filter.Value === true} onChange={(e) => onChange(filter.id, { Value: e.target.checked })} />
            ) : (
              <input
                type={INPUT_TYPES[kind]}
                aria-label={t`Waarde`}
                step={kind === 'number' ? 'any' : undefined}
                value={typeof filter.Value === 'string' ? filter.Value : ''}
                onChange={(e) => onChange(filter.id, { Value: e.target.value }, TYPING_DELAY_MS)}
                onKeyDown={(e) => { if (e.key === 'Enter') onChange(filter.id, { Value: e.currentTarget.value }, 0); }}
              />
            ))}
            <button type="button" className="grid-icon-button" aria-label={t`Filter verwijderen`} title={t`Filter verwijderen`} onClick={() => onRemove(filter.id)}>×</button>
          </div>
        );
      })}
      <button type="button" className="grid-button" disabled={!filterable.length} onClick={() => onAdd(filterable[0], operatorsOf(filterable[0])[0] ?? '')}>
        {t`Filter toevoegen`}
      </button>
    </div>
  );
}
