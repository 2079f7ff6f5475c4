// Work a transaction marks for its commit (totals to add up) done early for a row about to be
// read (server/db/pool.ts settleMarked): a batch's second item reads a parent's totals as the
// first item left them, not as they stood before the transaction.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, inTransaction, markForCommit, settleMarked } from '../../server/db/pool.ts';
import { createTestDatabase } from './harness.ts';

let pool: pg.Pool;

beforeAll(async () => {
  pool = createPool(await createTestDatabase(), 2);
});
afterAll(() => pool.end());

const KEYS = { first: ['through'], keys: ['totals'] };

describe('work marked for the commit, done for a row about to be read', () => {
  it('runs the marked work once when the row waits for it, again only when marked again, and not for other rows', async () => {
    const runs: number[][] = [];
    await inTransaction(pool, async (client) => {
      const mark = (id: number) =>
        markForCommit(client, 'totals', new Map([['parents', new Set([id])]]), async (marked) => {
          runs.push([...(marked.get('parents') ?? [])]);
        });
      await mark(1);
      // Another table's row, or another row, waits for nothing.
      expect(await settleMarked(client, KEYS, 'others', 1)).toBe(false);
      expect(await settleMarked(client, KEYS, 'parents', 2)).toBe(false);
      expect(runs).toEqual([]);
      expect(await settleMarked(client, KEYS, 'parents', 1)).toBe(true);
      expect(runs).toEqual([[1]]);
      expect(await settleMarked(client, KEYS, 'parents', 1)).toBe(false);
      await mark(1);
      await mark(2);
      expect(await settleMarked(client, KEYS, 'parents', 2)).toBe(true);
      expect(runs).toEqual([[1], [1, 2]]);
    });
    // Nothing was left for the commit.
    expect(runs).toHaveLength(2);
  });

  it('first does the work that only marks rows (a child pointing at its parent), then what the row waits for', async () => {
    const order: string[] = [];
    await inTransaction(pool, async (client) => {
      await markForCommit(client, 'through', new Map([['children', new Set([7])]]), async () => {
        order.push('through');
        await markForCommit(client, 'totals', new Map([['parents', new Set([1])]]), async () => {
          order.push('totals');
        });
      });
      expect(await settleMarked(client, KEYS, 'parents', 1)).toBe(true);
      expect(order).toEqual(['through', 'totals']);
    });
    expect(order).toEqual(['through', 'totals']);
  });

  it('does nothing outside a transaction', async () => {
    expect(await settleMarked(pool, KEYS, 'parents', 1)).toBe(false);
  });
});
