// The views a grid gets from the definitions: the layouts of the pack's grid definitions for the
// table, or, for a table without one, a standard view derived from its fields. They are stored
// like every other view (so they have an AutoID and can be the default) and follow the
// definitions: added, updated when the definition changes, removed when it goes.
import { createHash } from 'node:crypto';
import { DEFAULT_PAGE_SIZE, STANDARD_LAYOUT_NAME, type Effective } from '../../definitions/language/index.ts';
import { inTransaction } from '../db/pool.ts';
import type pg from 'pg';
import { columnOf } from '../data/filters.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Snapshot } from '../metadata/registry.ts';
import { defaultColumn, type LayoutContent } from './payload.ts';

/** Columns a derived standard view shows at most; the column chooser offers the rest. */
const DERIVED_COLUMNS = 12;
/** Field types that make poor grid columns. */
const NOT_IN_GRID = new Set(['password', 'textarea', 'html', 'file']);

interface DesiredView extends LayoutContent {
  origin: string;
  name: string;
  hash: string;
}

const hashOf = (v: unknown) => createHash('sha256').update(JSON.stringify(v)).digest('hex');

export function definitionViews(effective: Effective, model: TableModel): DesiredView[] {
  const table = model.table.name.toLowerCase();
  const grids = [...effective.grids.values()].map((g) => g.value).filter((g) => g.table.toLowerCase() === table);
  const views = grids.flatMap((grid) =>
    grid.layouts.map((layout) => ({
      origin: `grid:${grid.name}/${layout.Name}`,
      name: layout.Name,
      PageSize: layout.PageSize ?? DEFAULT_PAGE_SIZE,
      Sort: layout.Sort ?? '',
      Columns: layout.Columns.map((c) => {
        const column = defaultColumn(model, columnOf(model, c.FieldName, 'grid'));
        return {
          ...column,
          ColumnWidth: c.ColumnWidth ?? column.ColumnWidth,
          ColumnAlignment: c.ColumnAlignment ?? column.ColumnAlignment,
          Visible: c.Visible ?? true,
        };
      }),
    })),
  );
  if (!views.length) {
    const fields = model.table.fields.filter((f) => !NOT_IN_GRID.has(f.type)).slice(0, DERIVED_COLUMNS);
    views.push({
      origin: 'table',
      name: STANDARD_LAYOUT_NAME,
      PageSize: DEFAULT_PAGE_SIZE,
      Sort: '',
      Columns: fields.map((f) => defaultColumn(model, columnOf(model, f.name, 'table'))),
    });
  }
  return views.map((v) => ({ ...v, hash: hashOf([v.name, v.PageSize, v.Sort, v.Columns]) }));
}

/** Per pool, the definitions version each grid's definition views were last brought in line with. */
const synced = new WeakMap<pg.Pool, Map<string, number>>();

/**
 * Brings a grid's definition views in line with the current definitions, once per definitions
 * version per process. Concurrent processes serialize on an advisory lock per grid.
 */
export async function syncDefinitionViews(pool: pg.Pool, snapshot: Snapshot, model: TableModel): Promise<void> {
  const control = model.table.name.toLowerCase();
  const done = synced.get(pool) ?? new Map<string, number>();
  synced.set(pool, done);
  if (done.get(control) === snapshot.version) return;
  const desired = definitionViews(snapshot.effective, model);
  await inTransaction(
    pool,
    async (db) => {
      await db.query(`SELECT pg_advisory_xact_lock(hashtext('core_flexgridlayout:' || $1))`, [control]);
      const existing = (
        await db.query<{ autoid: number; origin: string; definition_hash: string }>(
          'SELECT autoid, origin, definition_hash FROM core_flexgridlayout WHERE control_name = $1 AND origin IS NOT NULL',
          [control],
        )
      ).rows;
      const byOrigin = new Map(existing.map((r) => [r.origin, r]));
      for (const view of desired) {
        const row = byOrigin.get(view.origin);
        const values = [view.name, view.PageSize, view.Sort, JSON.stringify(view.Columns), view.hash];
        if (!row) {
          // A view an administrator already saved under this name keeps it; the definition's is left out.
          await db.query(
            `INSERT INTO core_flexgridlayout (control_name, name, layout_type, origin, definition_hash, page_size, sort, columns, created_by, modified_by)
           VALUES ($1, $2, 0, $3, $6, $4, $5, $7, 'system', 'system') ON CONFLICT DO NOTHING`,
            [control, view.name, view.origin, view.PageSize, view.Sort, view.hash, JSON.stringify(view.Columns)],
          );
        } else if (row.definition_hash !== view.hash) {
          await db.query(
            `UPDATE core_flexgridlayout SET name = $1, page_size = $2, sort = $3, columns = $4, definition_hash = $5,
             modified_date = now(), modified_by = 'system' WHERE autoid = $6`,
            [...values, row.autoid],
          );
        }
      }
      const stale = existing.filter((r) => !desired.some((v) => v.origin === r.origin)).map((r) => r.autoid);
      if (stale.length) await db.query('DELETE FROM core_flexgridlayout WHERE autoid = ANY($1)', [stale]);
      // Without a system default for everyone, the first view of the definitions is it.
      await db.query(
        `UPDATE core_flexgridlayout SET default_layout = true
        WHERE autoid = (SELECT autoid FROM core_flexgridlayout WHERE control_name = $1 AND origin = $2)
          AND NOT EXISTS (SELECT 1 FROM core_flexgridlayout WHERE control_name = $1 AND layout_type = 0
                            AND security_group_id IS NULL AND default_layout)`,
        [control, desired[0].origin],
      );
    },
    { rerunnable: true },
  );
  done.set(control, snapshot.version);
}
