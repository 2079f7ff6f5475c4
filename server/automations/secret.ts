// A webhook's secret is write-only and kept encrypted at rest. Its field is a password field marked
// `secret`, so the write pipeline encrypts it (server/security/secrets.ts) and no call, grid, export,
// import template, event or history ever answers it; only the webhook transport reads it back to
// sign a call (by the webhook's AutoID, never through the outbox). The table is the one the packs
// mark with the behaviour `webhook-secret`.
import type { Queryable } from '../db/pool.ts';
import { ident } from '../db/sql.ts';
import { engineTable } from '../data/table-sql.ts';
import type { Snapshot } from '../metadata/registry.ts';
import { decryptSecret } from '../security/secrets.ts';
import { WEBHOOKS, roleTable } from './tables.ts';

/** The secret of a webhook row, for signing its calls. */
export async function webhookSecret(db: Queryable, snapshot: Snapshot, ref: number): Promise<string | null> {
  const model = roleTable(snapshot, WEBHOOKS);
  const field = model?.table.fields.find((f) => f.type === 'password');
  if (!model || !field) return null;
  const row = (
    await db.query(`SELECT ${ident(field.sqlName)} AS secret FROM ${engineTable(model.table)} WHERE autoid = $1`, [ref])
  ).rows[0];
  const secret = decryptSecret(row?.secret);
  return secret ? secret : null;
}
