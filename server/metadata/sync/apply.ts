// Applying a plan in one transaction: safe steps run, a step that would lose data is refused
// (naming table, column and rows) unless forced, and every applied step is logged.
import type { Effective } from '../../../definitions/language/index.ts';
import type { Queryable } from '../../db/pool.ts';
import { readActual } from './actual.ts';
import { desiredTable } from './desired.ts';
import { orderSteps, planTable, type Step } from './plan.ts';

export interface Refusal {
  step: Step;
  rows: number;
}

export class SchemaChangeRefused extends Error {
  constructor(readonly refusals: Refusal[]) {
    super(
      refusals
        .map(
          (r) =>
            `refused: ${r.step.description} would lose data in ${r.rows} row(s) of ${r.step.table}${r.step.column ? `.${r.step.column}` : ''}; apply with force to accept the loss`,
        )
        .join('\n'),
    );
  }
}

export async function planSchema(db: Queryable, eff: Effective): Promise<Step[]> {
  const tables = [...eff.tables.values()];
  const actual = await readActual(
    db,
    tables.map((t) => t.sqlName),
  );
  return orderSteps(tables.flatMap((t) => planTable(desiredTable(eff, t), actual.get(t.sqlName))));
}

/** Lossy steps that would lose no data in fact (no row holds any) are applied as safe. */
export async function applySchema(
  client: Queryable,
  steps: Step[],
  opts: { force?: boolean; by: string },
): Promise<Step[]> {
  const refusals: Refusal[] = [];
  const runs: { step: Step; sql: string; forced: boolean }[] = [];
  for (const step of steps) {
    if (!step.lossSql) {
      runs.push({ step, sql: step.sql, forced: false });
      continue;
    }
    const rows = (await client.query<{ n: number }>(step.lossSql)).rows[0].n;
    if (rows === 0) runs.push({ step, sql: step.sql, forced: false });
    else if (opts.force) runs.push({ step, sql: step.forcedSql ?? step.sql, forced: true });
    else refusals.push({ step, rows });
  }
  if (refusals.length) throw new SchemaChangeRefused(refusals);
  for (const run of runs) {
    await client.query(run.sql);
    await client.query(
      `INSERT INTO core_schema_change (applied_at, table_name, column_name, change, sql, forced, applied_by)
       VALUES (now(), $1, $2, $3, $4, $5, $6)`,
      [run.step.table, run.step.column ?? null, run.step.kind, run.sql, run.forced, opts.by],
    );
  }
  return runs.map((r) => r.step);
}

export function planAsSql(steps: Step[]): string {
  return steps
    .map((s) => `-- ${s.description}${s.lossSql ? ' (refused if it would lose data)' : ''}\n${s.sql};\n`)
    .join('\n');
}
