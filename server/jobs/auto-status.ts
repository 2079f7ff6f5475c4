// Automatic status changes (spec 3 §4): a record that has been in a status for the status row's
// delay moves to the status it names, or is archived, as the status table says. Every table with
// an `autoStatus` field takes part; each record moves in its own transaction, through the same
// checks and status log as any change.
import { SYSTEM_PRINCIPAL } from '../security/principal.ts';
import { ident } from '../db/sql.ts';
import { engineTable } from '../data/table-sql.ts';
import { runBatch } from '../business/batch.ts';
import { writeIn } from '../data/write.ts';
import type { TableModel } from '../metadata/model.ts';
import type { JobContext, JobKind } from './context.ts';

/** Records due, with what happens to each: the engine's own schedule, over every record. */
async function due(ctx: JobContext, model: TableModel, fieldName: string) {
  const field = model.byName.get(fieldName.toLowerCase())!;
  const join = model.listJoins.find((j) => j.field === field)!;
  const statuses = ctx.snapshot().table(join.ref.name)!;
  const a = field.autoStatus!;
  const col = (name: string | undefined) =>
    name ? `s.${ident(statuses.byName.get(name.toLowerCase())!.sqlName)}` : 'NULL';
  const changes = a.change
    ? `(${col(a.change)} IS TRUE AND ${col(a.to)} IS NOT NULL AND ${col(a.to)} <> t.${ident(field.sqlName)})`
    : 'false';
  const archives = a.archive && model.table.archivable ? `(${col(a.archive)} IS TRUE AND NOT t.archive)` : 'false';
  const rows = (
    await ctx.pool.query<{ autoid: number; to_status: number | null; archive: boolean | null }>(
      `SELECT t.autoid, CASE WHEN ${changes} THEN ${col(a.to)} END AS to_status, ${archives} AS archive
       FROM ${engineTable(model.table)} t JOIN ${engineTable(statuses.table)} s ON s.autoid = t.${ident(field.sqlName)}
      WHERE (${changes} OR ${archives})
        AND coalesce((SELECT max(l.changed_at) FROM core_status_log l WHERE l.table_name = $1 AND l.record_id = t.autoid AND l.field_name = $2), t.createdate)
            <= now() - make_interval(days => coalesce(${col(a.delay)}, 0)::int)
      ORDER BY t.autoid LIMIT 10000`,
      [model.table.sqlName, field.name],
    )
  ).rows;
  return {
    field,
    rows: rows.map((r) => ({
      id: Number(r.autoid),
      to: r.to_status === null ? null : Number(r.to_status),
      archive: r.archive === true,
    })),
  };
}

export const autoStatus: JobKind = {
  name: 'auto-status',
  retryLimit: 2,
  retryDelaySeconds: 60,
  expireInSeconds: 30 * 60,
  async run(ctx) {
    const snapshot = ctx.snapshot();
    let moved = 0;
    for (const table of snapshot.effective.tables.values()) {
      const model = snapshot.table(table.name)!;
      for (const f of table.fields.filter((x) => x.autoStatus)) {
        const { field, rows } = await due(ctx, model, f.name);
        const plan = new Map(rows.map((r) => [r.id, r]));
        const result = await runBatch(ctx.pool, model, SYSTEM_PRINCIPAL, [...plan.keys()], async (client, id) => {
          const r = plan.get(id)!;
          const changes: Record<string, unknown> = {};
          if (r.to !== null) changes[field.name] = r.to;
          if (r.archive) changes.Archive = true;
          await writeIn(client, {
            model,
            principal: SYSTEM_PRINCIPAL,
            id,
            record: changes,
            ctx: {
              byDefinition: true,
              tableOf: (name) => snapshot.table(name),
              transition: { name: 'auto', field: field.name },
            },
          });
          return [model.table.sqlName];
        });
        moved += result.Succeeded;
        if (result.Failed)
          ctx.log(
            `auto-status ${table.name}: ${result.Failed} records could not move: ${result.Results.find((x) => x.Result === 'FAILED')?.Error}`,
          );
      }
    }
    return `${moved} records gewijzigd`;
  },
};
