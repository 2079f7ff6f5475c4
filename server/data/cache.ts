// Small in-process caches of derived query facts (page starts, exact counts). They are keyed
// by the table's write generation, which every committed write advances in every process
// (NOTIFY on TABLE_WRITTEN_CHANNEL); a remembered page start stays a correct "rows after this
// one" position whatever changes.
import { afterCommit, atCommit, transactionOf, type Queryable } from '../db/pool.ts';

const generations = new Map<string, number>();
/** Moves on when writes may have gone unheard (the notification connection was lost). */
let epoch = 0;
export const tableGeneration = (table: string) => `${epoch}.${generations.get(table) ?? 0}`;
export const tableWritten = (table: string) => {
  generations.set(table, (generations.get(table) ?? 0) + 1);
};
export const everyTableWritten = () => {
  epoch++;
};

/** Every process hears of every committed write on this channel (payload: the table). */
export const TABLE_WRITTEN_CHANNEL = 'table_written';

/** The tables one notification on TABLE_WRITTEN_CHANNEL names: a transaction's tables, comma-separated. */
export const tablesOf = (payload: string): string[] => payload.split(',');

/** The tables an open transaction wrote so far, announced together at its commit. */
const toAnnounce = new WeakMap<object, Set<string>>();

/**
 * Announces a write inside its transaction: the notification goes out at commit, or not at all.
 * This process's own caches move on right after the commit, not only when it hears itself, so
 * the writer's next read counts the row it wrote.
 */
export async function announceWrite(db: Queryable, table: string): Promise<void> {
  const announce = async (tables: string) => {
    await db.query({
      name: 'announce-write',
      text: 'SELECT pg_notify($1, $2)',
      values: [TABLE_WRITTEN_CHANNEL, tables],
    });
  };
  const transaction = transactionOf(db);
  if (!transaction) {
    await announce(table);
    tableWritten(table);
    return;
  }
  // Within a transaction, once at its commit for every table it wrote, however many rows.
  let tables = toAnnounce.get(transaction);
  if (!tables) {
    const pending = new Set<string>();
    tables = pending;
    toAnnounce.set(transaction, pending);
    atCommit(
      db,
      'announce',
      async () => {
        toAnnounce.delete(transaction);
        await announce([...pending].join(','));
      },
      { last: true },
    );
  }
  if (tables.has(table)) return;
  tables.add(table);
  afterCommit(db, `written:${table}`, () => tableWritten(table));
}
