// Every SQL statement the server runs for a limited user, on every path a user reaches table data
// by (grids, counts, sorts and filters on list texts, items, lookups, saves, named calls, deletes,
// saved views), names a table they have a row limit on only with that limit's condition on the
// same alias, or says that it is the engine's (`/* engine */`) or a write of a row the user reached
// (`/* reached */`): see server/data/table-sql.ts. Statements are taken from the database driver
// itself, so a query written any other way is seen too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { post, signIn, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
let cookie: string;
let userId: number;
let mine: number;
let theirs: number;

/** The limits of the test: the table, the column its condition tests, and the value it binds. */
let limits: { table: string; column: string; value: unknown }[];

interface Statement {
  text: string;
  values: unknown[];
}

/** Every statement any connection of this process runs while `work` runs. */
async function statementsOf(work: () => Promise<unknown>): Promise<Statement[]> {
  const seen: Statement[] = [];
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, config: unknown, values?: unknown, ...rest: unknown[]) {
    const text = typeof config === 'string' ? config : (config as { text?: string } | null)?.text;
    const vals = Array.isArray(values) ? values : ((config as { values?: unknown[] } | null)?.values ?? []);
    if (typeof text === 'string') seen.push({ text, values: vals });
    return original.call(this, config, values, ...rest);
  };
  try {
    await work();
  } finally {
    proto.query = original;
  }
  return seen;
}

const SQL_WORDS = new Set([
  'where',
  'set',
  'on',
  'join',
  'left',
  'inner',
  'order',
  'group',
  'limit',
  'using',
  'as',
  'for',
  'union',
  'and',
  'or',
]);

/**
 * Each place a statement names one of the limited tables, judged: `engine` or `reached` when it
 * says so, `limited` when its alias carries the limit's condition (`"alias"."column" = $n` with
 * the limit's value bound), else `UNGUARDED`.
 */
function judge(
  s: Statement,
): { table: string; verdict: 'engine' | 'reached' | 'limited' | 'UNGUARDED'; text: string }[] {
  const out: ReturnType<typeof judge> = [];
  for (const { table, column, value } of limits) {
    for (const m of s.text.matchAll(
      new RegExp(`"${table}"(\\s+/\\* (engine|reached) \\*/)?(?:\\s+(?:AS\\s+)?"?([a-z_][a-z0-9_]*)"?)?`, 'gi'),
    )) {
      if (m[2]) {
        out.push({ table, verdict: m[2] as 'engine' | 'reached', text: s.text });
        continue;
      }
      const alias = m[3] && !SQL_WORDS.has(m[3].toLowerCase()) ? m[3] : null;
      const carried =
        alias &&
        [...s.text.matchAll(new RegExp(`"${alias}"\\."${column}" = \\$(\\d+)`, 'g'))].some(
          (c) => s.values[Number(c[1]) - 1] === value,
        );
      out.push({ table, verdict: carried ? 'limited' : 'UNGUARDED', text: s.text });
    }
  }
  return out;
}

const as = async (url: string, body: object = {}) => {
  const res = await server.app.inject({
    method: 'POST',
    url,
    headers: { cookie, 'content-type': 'application/json' },
    payload: body,
  });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
};

beforeAll(async () => {
  server = await startTestServer({ config: { workers: 0 } });
  const { app } = server;
  userId = (
    await post(app, '/mvc/users/save', { Username: 'lim', Password: 'Lim-pass-1', PasswordRetype: 'Lim-pass-1' })
  ).body.AutoID;
  const group = (await post(app, '/mvc/securitygroups/save', { ID: 'limited', Descr: 'Beperkt' })).body.AutoID;
  for (const RightCode of ['9.1', '9.2']) {
    for (const Action of ['read', 'create', 'update', 'delete'])
      await post(app, '/mvc/securitygrants/save', { SecurityGroup: group, RightCode, Action });
  }
  await post(app, '/mvc/usergroups/save', { User: userId, SecurityGroup: group });
  // Countries whose code is the user's name, products whose notes are; no price of a product.
  expect(
    (
      await post(app, '/mvc/rowlimits/save', {
        SecurityGroup: group,
        TableName: 'countries',
        FieldName: 'ID',
        Kind: 'userfield',
        UserField: 'Username',
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await post(app, '/mvc/rowlimits/save', {
        SecurityGroup: group,
        TableName: 'products',
        FieldName: 'Notes',
        Kind: 'userfield',
        UserField: 'Username',
      })
    ).status,
  ).toBe(200);
  await post(app, '/mvc/fieldlimits/save', {
    SecurityGroup: group,
    TableName: 'products',
    FieldName: 'Price',
    Visibility: '0',
  });
  mine = (await post(app, '/mvc/countries/save', { ID: 'lim', Descr: 'Eigen land' })).body.AutoID;
  theirs = (await post(app, '/mvc/countries/save', { ID: 'ZZ', Descr: 'Geheim land' })).body.AutoID;
  await post(app, '/mvc/products/save', { ID: 'OTHERS', Descr: 'Van een ander', Country: theirs, Price: 5 });
  limits = [
    { table: 'countries', column: 'id', value: 'lim' },
    { table: 'products', column: 'notes', value: 'lim' },
  ];
  cookie = await signIn(app, 'lim', 'Lim-pass-1');
});
afterAll(async () => {
  await server?.close();
});

/** What the limited user does: every call that reads or writes the limited tables. */
async function userWork(): Promise<void> {
  const ok = (r: { status: number; body: unknown }, status = 200) =>
    expect(r.status, JSON.stringify(r.body)).toBe(status);
  const made = await as('/mvc/products/save', { ID: 'MINE', Descr: 'Eigen artikel', Country: mine, Notes: 'lim' });
  ok(made);
  const id: number = made.body.AutoID;
  ok(await as('/mvc/products/save', { ID: 'PROBE', Country: theirs, Notes: 'lim' }), 400);
  ok(await as('/mvc/products/GetFlexData', {}));
  ok(await as('/mvc/products/GetFlexData', { order: 'Country desc', searchExpressions: 'Eigen' }));
  ok(
    await as('/mvc/products/GetFlexData', {
      operatorFilter: [{ FieldName: 'Country', Operator: 'contains', Value: 'land' }],
    }),
  );
  ok(await as('/mvc/products/GetFlexData', { pageSize: 1, pageIndex: 1 }));
  ok(await as('/mvc/countries/GetFlexData', { searchExpressions: 'land' }));
  ok(await as('/mvc/products/GetItem', { autoid: id }));
  ok(await as('/mvc/countries/GetItem', { autoid: theirs }), 404);
  ok(await as('/mvc/_lists/countries', { searchKey: 'land' }));
  ok(await as('/mvc/_lists/countries/single', { AutoID: mine }));
  ok(
    await as('/mvc/products/save', {
      AutoID: id,
      ID: 'MINE',
      Descr: 'Bijgewerkt',
      Country: mine,
      Notes: 'lim',
      TimeStamp: made.body.TimeStamp,
    }),
  );
  ok(await as('/mvc/products/rename', { autoid: id, descr: 'Hernoemd' }));
  ok(await as('/mvc/products/getflexgridlayouts', {}));
  ok(await as('/mvc/products/delete', { autoid: id }));
}

describe('every statement over a limited table carries the limit', () => {
  let statements: Statement[];
  let judged: ReturnType<typeof judge>;
  beforeAll(async () => {
    statements = await statementsOf(async () => {
      await userWork();
      // A query written past table-sql.ts, as a new path might: the check must catch it.
      await server.engine.pool.query('SELECT t.descr FROM "countries" t WHERE t.autoid = $1', [theirs]);
    });
    judged = statements.flatMap(judge);
  });

  it('sees the statements of the calls, many of them over the limited tables', () => {
    expect(statements.length).toBeGreaterThan(50);
    expect(judged.filter((j) => j.verdict === 'limited').length).toBeGreaterThan(20);
    expect(new Set(judged.filter((j) => j.verdict === 'limited').map((j) => j.table))).toEqual(
      new Set(['countries', 'products']),
    );
  });

  it('finds the query written past the module, and nothing else unguarded', () => {
    const unguarded = judged.filter((j) => j.verdict === 'UNGUARDED').map((j) => j.text);
    expect(unguarded).toEqual(['SELECT t.descr FROM "countries" t WHERE t.autoid = $1']);
  });

  it("writes the user's rows only as rows they reached, and runs engine work only where it says so", () => {
    const writes = judged.filter((j) => j.verdict === 'reached');
    expect(writes.length).toBeGreaterThanOrEqual(3);
    for (const w of writes) expect(w.text).toMatch(/^\s*(INSERT INTO|UPDATE|DELETE FROM) "products"/);
  });
});
