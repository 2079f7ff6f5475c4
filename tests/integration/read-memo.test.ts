// Reads of referenced rows remembered within one transaction (server/db/read-memo.ts): answered
// again without a round trip until a statement of the transaction writes a table they read, and
// never across transactions.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPool, inTransaction } from '../../server/db/pool.ts';
import { memoKnown, memoRead } from '../../server/db/read-memo.ts';
import { createTestDatabase } from './harness.ts';

let pool: pg.Pool;

beforeAll(async () => {
  pool = createPool(await createTestDatabase(), 2);
  await pool.query(`CREATE TABLE codes (autoid int PRIMARY KEY, percentage numeric);
    CREATE TABLE lines (autoid serial PRIMARY KEY, code int REFERENCES codes ON DELETE CASCADE);
    INSERT INTO codes VALUES (1, 21), (2, 9);`);
});
afterAll(() => pool.end());

const READ = 'SELECT t.percentage AS v FROM "codes" t WHERE t.autoid = $1';

describe('a read remembered within a transaction', () => {
  it('answers the same read again until its table is written, then reads anew', async () => {
    await inTransaction(pool, async (client) => {
      const first = await memoRead(client, READ, [1]);
      expect(await memoRead(client, READ, [1])).toBe(first);
      // Another row is another read.
      expect((await memoRead(client, READ, [2])).rows[0].v).toBe('9');
      // Writing another table forgets nothing.
      await client.query('INSERT INTO lines (code) VALUES (1)');
      expect(await memoRead(client, READ, [1])).toBe(first);
      // Writing the table it reads does.
      await client.query('UPDATE codes SET percentage = 22 WHERE autoid = 1');
      const again = await memoRead(client, READ, [1]);
      expect(again).not.toBe(first);
      expect(again.rows[0].v).toBe('22');
    });
  });

  it('forgets everything at a delete (a cascade reaches other tables) and at a write it cannot place', async () => {
    await inTransaction(pool, async (client) => {
      const lines = 'SELECT count(*)::int AS n FROM "lines" t WHERE t.code = $1';
      const before = await memoRead(client, lines, [1]);
      await client.query('DELETE FROM codes WHERE autoid = 2');
      expect(await memoRead(client, lines, [1])).not.toBe(before);
      const read = await memoRead(client, READ, [1]);
      await client.query('CREATE TEMP TABLE scratch (n int)');
      expect(await memoRead(client, READ, [1])).not.toBe(read);
      // A row lock writes nothing.
      const locked = await memoRead(client, READ, [1]);
      await client.query('SELECT 1 FROM lines WHERE code = 1 FOR UPDATE');
      expect(await memoRead(client, READ, [1])).toBe(locked);
      throw new Error('rolled back');
    }).catch((err: Error) => expect(err.message).toBe('rolled back'));
  });

  it('answers reads made known ahead (rows of many writes read in one statement) until their table is written', async () => {
    await inTransaction(pool, async (client) => {
      const statements = vi.spyOn(client, 'query');
      memoKnown(
        client,
        [
          [READ, [1]],
          [READ, [3]],
        ],
        (i) => (i === 0 ? [{ v: '21' }] : []),
      );
      expect((await memoRead(client, READ, [1])).rows).toEqual([{ v: '21' }]);
      // A row not there is known as not there.
      expect((await memoRead(client, READ, [3])).rows).toEqual([]);
      expect(statements).toHaveBeenCalledTimes(0);
      await client.query('UPDATE codes SET percentage = 21 WHERE autoid = 1');
      expect((await memoRead(client, READ, [1])).rows[0].v).toBe('21');
      expect(statements).toHaveBeenCalledTimes(2);
    });
  });

  it('remembers nothing across transactions or outside one', async () => {
    const a = await inTransaction(pool, (client) => memoRead(client, READ, [1]));
    const b = await inTransaction(pool, (client) => memoRead(client, READ, [1]));
    expect(b).not.toBe(a);
    expect(await memoRead(pool, READ, [1])).not.toBe(await memoRead(pool, READ, [1]));
  });
});
