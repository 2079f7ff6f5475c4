// A list field's way to the rows it refers to (docs/runtime.md "Pickers open and make rows"): open
// the chosen row, or make a new one in a dialog and pick it. The client's rights decide what is
// offered; the server checks every call again.
import type { ListConfig } from '../types.ts';

/** The user's rights on the list's table, once known. */
export interface ReferenceRights {
  read: boolean;
  update: boolean;
  create: boolean;
}

export interface ReferenceOffer {
  /** The open button: the field holds a row and the user may read the list's table. */
  open: boolean;
  /** The opened row may be changed; without the update right it is shown to look at. */
  edit: boolean;
  /** "+ Nieuw" in the dropdown: the field may be changed and the user may make rows of the table. */
  create: boolean;
}

const NONE: ReferenceOffer = { open: false, edit: false, create: false };

/**
 * What a picker offers besides choosing. Only a lookup list names a table (a catalogue of the
 * definitions has no rows to open); nothing is offered where no page hosts the dialogs, nor while
 * the rights are not known yet.
 */
export function referenceOffer(o: {
  config: Pick<ListConfig, 'Table'>;
  hasValue: boolean;
  locked: boolean;
  hosted: boolean;
  rights: ReferenceRights | null;
}): ReferenceOffer {
  if (!o.hosted || !o.config.Table || !o.rights) return NONE;
  const open = o.hasValue && o.rights.read;
  return { open, edit: open && o.rights.update, create: !o.locked && o.rights.create };
}

/** The values a new row takes from the record (the listFilter's plain fields); empty ones are left out. */
export function prefillValues(
  config: Pick<ListConfig, 'Prefill'>,
  record: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const { Field, From } of config.Prefill ?? []) {
    const value = record[From];
    if (value !== undefined && value !== null && value !== '' && value !== 0) values[Field] = value;
  }
  return values;
}
