// The behaviour of the grants table (`required-rights`): a right of the catalogue that requires
// others (security/required-rights.ts) is granted with them. Once the transaction's grant writes are
// done (a matrix change of several cells is one transaction), a group whose grants hold such a right
// without a right it requires is refused, naming both; nothing is written. The principal holds such
// a right only with what it requires anyway; this keeps the stored grants saying what they do.
import { markForCommit, type Queryable } from '../db/pool.ts';
import { engineTable } from '../data/table-sql.ts';
import { ident } from '../db/sql.ts';
import { invalidFields } from '../errors.ts';
import type { WriteHook } from '../data/write-hooks.ts';
import type { TableModel } from '../metadata/model.ts';
import { missingRequired, requiredBy } from '../security/required-rights.ts';
import { decide } from '../security/rights.ts';
import type { GrantRow } from '../security/identity.ts';

const GROUP = 'SecurityGroup';
const RIGHT = 'RightCode';
const ACTION = 'Action';
const GRANT = 'Grant';
const MARK = 'required-rights';

/** The column of a field of the grants table (its core definition names them; a column is its field's name in lower case). */
const columnOf = (model: TableModel, name: string) =>
  ident(model.byName.get(name.toLowerCase())?.sqlName ?? name.toLowerCase());

/** Refuses the first right a marked group holds without a right it requires. */
async function refuseMissing(db: Queryable, model: TableModel, groups: Iterable<number>): Promise<void> {
  const ids = [...groups];
  if (!ids.length) return;
  const rows = await db.query<{ grp: string; rightcode: string; action: string | null; grant: boolean | null }>(
    `SELECT ${columnOf(model, GROUP)}::text AS grp, ${columnOf(model, RIGHT)} AS rightcode,
            ${columnOf(model, ACTION)} AS action, ${columnOf(model, GRANT)} AS grant
       FROM ${engineTable(model.table)} WHERE ${columnOf(model, GROUP)} = ANY($1::bigint[])
      ORDER BY 1, 2, 3`,
    [ids],
  );
  const byGroup = new Map<string, GrantRow[]>();
  for (const r of rows.rows) {
    const grants = byGroup.get(r.grp) ?? [];
    grants.push({ ...r, group: r.grp, groupid: Number(r.grp), fullaccess: false });
    byGroup.set(r.grp, grants);
  }
  for (const grants of byGroup.values()) {
    const holds = (code: string, action: Parameters<typeof decide>[2]) => decide(grants, code, action).allowed;
    for (const g of grants) {
      if (g.grant === false || !requiredBy(g.rightcode ?? '').length) continue;
      const missing = missingRequired(g.rightcode ?? '', holds);
      if (missing.length)
        throw invalidFields({
          [RIGHT]: [{ id: 'validation.rights_together', args: [g.rightcode, missing.join(', ')] }],
        });
    }
  }
}

/** Marks the group of a written or deleted grant for the check at commit. */
async function mark(db: Queryable, model: TableModel, row: Record<string, unknown>): Promise<void> {
  const group = Number(row[GROUP]);
  if (!Number.isSafeInteger(group)) return;
  await markForCommit(db, MARK, new Map([[model.table.sqlName, new Set([group])]]), (marked) =>
    refuseMissing(db, model, marked.get(model.table.sqlName) ?? []),
  );
}

export const requiredRightsHook: WriteHook = {
  async afterWrite(client, { model, after, before }) {
    await mark(client, model, after);
    // A grant moved to another group leaves its old group, which may now lack a required right.
    if (before && before[GROUP] !== after[GROUP]) await mark(client, model, before);
  },
  async afterDelete(client, { model, before }) {
    await mark(client, model, before);
  },
};
