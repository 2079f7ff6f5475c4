// PostgreSQL errors translated in one place into errors a user can act on.
import { labelled } from '../../definitions/language/message-args.ts';
import { AppError, invalidFields } from '../errors.ts';
import type { TableModel } from '../metadata/model.ts';

interface PgError {
  code?: string;
  column?: string;
  constraint?: string;
  table?: string;
  detail?: string;
}

function fieldOfConstraint(model: TableModel, err: PgError): string | undefined {
  const text = `${err.constraint ?? ''} ${err.detail ?? ''} ${err.column ?? ''}`;
  // Constraint names and details carry column names; match the longest field first.
  const fields = [...model.table.fields].sort((a, b) => b.sqlName.length - a.sqlName.length);
  return fields.find((f) => new RegExp(`(^|[^a-z0-9])${f.sqlName}([^a-z0-9]|$)`).test(text))?.name;
}

/** A field in a message, by its label (the record's ID when no field is named). */
const named = (model: TableModel, name: string) =>
  labelled(model.byName.get(name.toLowerCase()) ?? { name, label: name === 'AutoID' ? 'ID' : name });

export function translatePgError(model: TableModel, err: unknown, onDelete = false): unknown {
  const e = err as PgError;
  switch (e.code) {
    case '23505': {
      const field = fieldOfConstraint(model, e) ?? 'AutoID';
      return invalidFields({ [field]: [{ id: 'validation.unique', args: [named(model, field)] }] });
    }
    case '23503': {
      if (onDelete) return new AppError('IN_USE', [e.table ?? '?']);
      const field = fieldOfConstraint(model, e) ?? 'AutoID';
      return invalidFields({ [field]: [{ id: 'validation.list_value', args: [named(model, field)] }] });
    }
    case '23502': {
      const field = fieldOfConstraint(model, e) ?? 'AutoID';
      return invalidFields({ [field]: [{ id: 'validation.required', args: [named(model, field)] }] });
    }
    case '22001':
    case '22003':
    case '22007':
    case '22008':
    case '22P02': {
      const field = fieldOfConstraint(model, e) ?? 'AutoID';
      return invalidFields({ [field]: [{ id: 'validation.invalid', args: [named(model, field)] }] });
    }
    default:
      return err;
  }
}
