// A record's grants as a matrix (a detail tab of kind `rightsmatrix`): every right of the
// catalogue with where it is used (screens and tables, the menu group of the first screen), and the
// grant rows under the record as the user may read them, through the same access layer as a grid.
// Cells are changed through the table's own save and delete, so rights, checks and logs hold; a
// change of several cells (a right with the rights it requires) is one transaction.
import type pg from 'pg';
import type { Effective, RightsMatrixAnswer, ScreenDef, TabDef, Translate } from '../../definitions/language/index.ts';
import { inTransaction, type Queryable } from '../db/pool.ts';
import { badRequest, forbidden, invalidFields, notFound } from '../errors.ts';
import { hiddenFields, withoutHidden } from '../data/access.ts';
import { authorize, readRecord, readStoredWhere } from '../data/records.ts';
import { deleteIn, writeIn } from '../data/write.ts';
import { announceWrite, tableWritten } from '../data/cache.ts';
import { translatePgError } from '../data/pg-errors.ts';
import { requirements } from '../security/required-rights.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Snapshot } from '../metadata/registry.ts';
import type { Principal } from '../security/principal.ts';

type MatrixTab = Extract<TabDef, { kind: 'rightsmatrix' }>;

/** The menu area of a screen, as the runtime's menu groups them. */
const areaOf = (screen: ScreenDef) =>
  screen.kind === 'settings' ? 'settings' : screen.kind === 'systemtable' ? 'systemtables' : 'screens';

/**
 * The rights a screen is guarded by: its own, else its table's; and those of its tabs, its actions,
 * and its table's workflow (the transitions, and the states seen only with a right).
 */
function rightsOfScreen(eff: Effective, screen: ScreenDef): Set<string> {
  const table = screen.table ? eff.tables.get(screen.table.toLowerCase()) : undefined;
  const own = Object.values(screen.rights ?? {}).filter((r): r is string => typeof r === 'string');
  const workflows = [...eff.workflows.values()].filter(
    (w) => w.value.table.toLowerCase() === table?.name.toLowerCase(),
  );
  return new Set([
    ...(own.length ? own : table?.right ? [table.right] : []),
    ...(screen.tabs ?? []).flatMap((tab) => (tab.right ? [tab.right] : [])),
    ...(screen.actions ?? []).flatMap((a) => (a.right ? [a.right] : [])),
    ...workflows.flatMap((w) => [...w.value.transitions, ...w.value.states].flatMap((x) => (x.right ? [x.right] : []))),
  ]);
}

/** Every right of the catalogue, by code order within the menu order of where it is used. */
export function matrixRights(eff: Effective, t: Translate): RightsMatrixAnswer['Rights'] {
  const screens = [...eff.screens.values()].map((s) => s.value);
  const guarded = screens.map((s) => ({ screen: s, rights: rightsOfScreen(eff, s) }));
  const tables = [...eff.tables.values()];
  const required = requirements(eff);
  return [...eff.rights.values()].map(({ value: right }) => {
    const using = guarded.filter((g) => g.rights.has(right.code)).map((g) => g.screen);
    const first = using[0];
    const parent = first?.parent ? eff.screens.get(first.parent.toLowerCase())?.value : undefined;
    const uses = [
      ...using.map((s) => t(s.title)),
      ...tables.filter((tb) => tb.right === right.code).map((tb) => t(tb.label ?? tb.name)),
    ];
    return {
      Code: right.code,
      Name: t(right.name),
      Actions: right.actions,
      Uses: [...new Set(uses)],
      Parent: first?.parent ?? null,
      ParentTitle: parent ? t(parent.title) : null,
      Area: first ? areaOf(first) : 'screens',
      Requires: (required.get(right.code) ?? []).map((r) => r.code),
    };
  });
}

/** The record's `rightsmatrix` tab and its grant table, when the user may read the record and the grants. */
async function matrixOf(
  db: Queryable,
  snapshot: Snapshot,
  model: TableModel,
  principal: Principal,
  recordId: number,
  tabName: string,
) {
  const tab = model.screens
    .flatMap((s) => s.tabs ?? [])
    .find((x): x is MatrixTab => x.name === tabName && x.kind === 'rightsmatrix');
  if (!tab) throw badRequest('request.unknown_tab', tabName);
  if (tab.right && !principal.can(tab.right, 'read')) throw forbidden();
  await readRecord(db, model, principal, recordId);
  const child = snapshot.table(tab.table);
  const parentField = child?.byName.get(tab.parentField.toLowerCase());
  if (!child || !parentField) throw notFound();
  authorize(child, principal, 'read');
  return { tab, child, parentField };
}

/** The matrix of a record's `rightsmatrix` tab: the rights, and the grants the user may read. */
export async function rightsMatrix(
  db: Queryable,
  snapshot: Snapshot,
  model: TableModel,
  principal: Principal,
  recordId: number,
  tabName: string,
  t: Translate,
): Promise<RightsMatrixAnswer> {
  const { tab, child, parentField } = await matrixOf(db, snapshot, model, principal, recordId, tabName);
  // The rows as a grid of the table would show them: within the row limits, without hidden fields.
  const hidden = hiddenFields(child, principal);
  const rows = (await readStoredWhere(db, child, principal, [[parentField, recordId]])).map((row) =>
    withoutHidden(row, hidden),
  );
  const can = (action: 'create' | 'update' | 'delete') => principal.can(child.table.right, action);
  return {
    Rights: matrixRights(snapshot.effective, t),
    Grants: rows.flatMap((row) => {
      const right = row[tab.rightField];
      const action = row[tab.actionField];
      if (typeof right !== 'string' || typeof action !== 'string') return [];
      return [
        {
          AutoID: Number(row.AutoID),
          TimeStamp: Number(row.TimeStamp),
          Right: right,
          Action: action,
          Grant: row[tab.grantField] === undefined ? null : row[tab.grantField] !== false,
        },
      ];
    }),
    CanCreate: can('create'),
    CanUpdate: can('update'),
    CanDelete: can('delete'),
  };
}

/** A cell as a change asks it: granted, denied, or not set (null: no grant row). */
export interface CellChange {
  Right: string;
  Action: string;
  Grant: boolean | null;
}

/**
 * Changes cells of a record's rights matrix in one transaction, each through the grant table's
 * save or delete (its rights, checks, logs and behaviour: a right that requires others is granted
 * with them or not at all); answers the matrix as it then is.
 */
export async function saveGrants(
  pool: pg.Pool,
  snapshot: Snapshot,
  model: TableModel,
  principal: Principal,
  recordId: number,
  tabName: string,
  changes: readonly CellChange[],
  t: Translate,
): Promise<RightsMatrixAnswer> {
  const { tab, child, parentField } = await matrixOf(pool, snapshot, model, principal, recordId, tabName);
  for (const [i, c] of changes.entries()) {
    const right = snapshot.effective.rights.get(c.Right)?.value;
    if (!right || !right.actions.some((a) => a === c.Action))
      throw invalidFields({ [`Changes[${i}]`]: [{ id: 'validation.unknown_right', args: ['Right', c.Right] }] });
  }
  const ctx = { tableOf: (name: string) => snapshot.table(name) };
  try {
    await inTransaction(
      pool,
      async (client) => {
        const rows = await readStoredWhere(client, child, principal, [[parentField, recordId]], true);
        const rowOf = (c: CellChange) =>
          rows.find((r) => r[tab.rightField] === c.Right && r[tab.actionField] === c.Action);
        for (const c of changes) {
          const row = rowOf(c);
          if (c.Grant === null) {
            if (row) await deleteIn(client, { model: child, principal, id: Number(row.AutoID), tableOf: ctx.tableOf });
          } else if (!row) {
            const made = await writeIn(client, {
              model: child,
              principal,
              record: {
                [parentField.name]: recordId,
                [tab.rightField]: c.Right,
                [tab.actionField]: c.Action,
                [tab.grantField]: c.Grant,
              },
              ctx,
            });
            rows.push({ [tab.rightField]: c.Right, [tab.actionField]: c.Action, AutoID: made.id });
          } else if (row[tab.grantField] !== c.Grant) {
            await writeIn(client, {
              model: child,
              principal,
              id: Number(row.AutoID),
              record: { [tab.grantField]: c.Grant },
              ctx,
              locked: row,
            });
          }
          if (c.Grant === null && row) rows.splice(rows.indexOf(row), 1);
        }
        await announceWrite(client, child.table.sqlName);
      },
      { rerunnable: true },
    );
  } catch (err) {
    throw translatePgError(child, err);
  } finally {
    tableWritten(child.table.sqlName);
  }
  return rightsMatrix(pool, snapshot, model, principal, recordId, tabName, t);
}
