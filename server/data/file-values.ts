// File and image fields hold FileIDs (core_file). A value a save sets must name a file the saving
// user uploaded (the engine itself may name any), and an image field's file must be an image; a
// value the record already holds stays, whoever set it. A user therefore cannot attach a file
// they merely know the FileID of, and so keep reading it after losing access to its record. A file
// a save names is claimed: it no longer counts toward its uploader's quota (files/quota.ts).
import type { EffectiveField } from '../../definitions/language/index.ts';
import { labelled } from '../../definitions/language/message-args.ts';
import { invalidFields, type FieldMessage } from '../errors.ts';
import type { Queryable } from '../db/pool.ts';
import { claimFiles, existingFiles } from '../files/index.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Principal } from '../security/principal.ts';
import { isFileField } from './values.ts';

export async function fileValuesExist(
  db: Queryable,
  model: TableModel,
  principal: Principal,
  values: Map<EffectiveField | 'archive', unknown>,
  stored: Record<string, unknown> | null,
): Promise<void> {
  const set = model.table.fields
    .filter((f) => isFileField(f) && values.has(f))
    .map((f) => ({ field: f, value: values.get(f) }))
    .filter(
      ({ field, value }) =>
        value !== null && value !== undefined && value !== '' && !(stored && stored[field.name] === value),
    );
  if (!set.length) return;
  const found = await existingFiles(
    db,
    set.map((s) => String(s.value)),
    principal.userId === 0 ? undefined : principal.username,
  );
  const problems: Record<string, FieldMessage[]> = {};
  for (const { field, value } of set) {
    const file = found.get(String(value).toLowerCase());
    if (!file) problems[field.name] = [{ id: 'validation.file_value', args: [labelled(field)] }];
    else if (field.type === 'image' && !file.mediaType.startsWith('image/'))
      problems[field.name] = [{ id: 'validation.image_value', args: [labelled(field)] }];
    // Stored as the FileID's own spelling, so every reference to a file is the same text.
    else values.set(field, file.id);
  }
  if (Object.keys(problems).length) throw invalidFields(problems);
  // In the save's transaction: a save that fails later leaves the upload unclaimed.
  await claimFiles(db, [...new Set(set.map(({ field }) => String(values.get(field))))]);
}
