// A record's grants as a matrix (a detail tab of kind `rightsmatrix`): every right of the
// catalogue with where it is used (screens and tables, the menu group of the first screen), and the
// grant rows under the record as the user may read them, through the same access layer as a grid.
// Cells are changed through the table's own save and delete, so rights, checks and logs hold.
import type { Effective, RightsMatrixAnswer, ScreenDef, TabDef, Translate } from '../../definitions/language/index.ts';
import type { Queryable } from '../db/pool.ts';
import { badRequest, forbidden, notFound } from '../errors.ts';
import { hiddenFields, withoutHidden } from '../data/access.ts';
import { authorize, readRecord, readStoredWhere } from '../data/records.ts';
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
    };
  });
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
