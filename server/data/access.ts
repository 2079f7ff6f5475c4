// Field limits of the acting principal applied to what the data layer answers and accepts: a
// hidden field is absent from every answer and cannot be filtered or sorted on; a read-only or
// hidden field sent with a new value is refused, not silently written.
import type { EffectiveField } from '../../definitions/language/index.ts';
import { invalidFields, type FieldMessage } from '../api/errors.ts';
import type { TableModel } from '../metadata/model.ts';
import { FieldVisibility, type Principal } from '../security/principal.ts';
import { descrKey } from './values.ts';

export function hiddenFields(model: TableModel, principal: Principal): EffectiveField[] {
  const access = principal.fieldAccess(model.table);
  if (!access.size) return [];
  return model.table.fields.filter((f) => access.get(f.name.toLowerCase()) === FieldVisibility.Hidden);
}

export function withoutHidden(record: Record<string, unknown>, hidden: EffectiveField[]): Record<string, unknown> {
  if (!hidden.length) return record;
  const out = { ...record };
  for (const f of hidden) { delete out[f.name]; delete out[descrKey(f)]; }
  return out;
}

/** Refuses new values for fields the principal may not change; unchanged values pass. */
export function refuseLimitedChanges(model: TableModel, principal: Principal, input: Record<string, unknown>, current: Record<string, unknown> | null): void {
  const access = principal.fieldAccess(model.table);
  if (!access.size) return;
  const refused: Record<string, FieldMessage[]> = {};
  for (const [key, value] of Object.entries(input)) {
    if (!access.has(key.toLowerCase())) continue;
    const field = model.byName.get(key.toLowerCase());
    if (!field) continue;
    const before = current ? current[field.name] : null;
    const unchanged = value === before || ((value === null || value === '') && (before === null || before === undefined));
    if (!unchanged) refused[field.name] = [{ id: 'validation.read_only', args: [field.name] }];
  }
  if (Object.keys(refused).length) throw invalidFields(refused);
}
