// Every call of the server, as the app lists them, is sent a family of hostile bodies: the
// wrong shape, NUL characters, lists and objects beyond every maximum, deep nesting, prototype
// keys, impossible dates, text that is no JSON. Each must answer a 4xx and write nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** Everything the calls can write, as one text: rows of every pack table and saved views. */
async function fingerprint(): Promise<string> {
  const tables = [...server.engine.registry.snapshot.effective.tables.values()].map((t) => t.sqlName).sort();
  const parts = await Promise.all(
    [...tables, 'core_flexgridlayout', 'core_site_definition'].map(async (t) => {
      const r = await server.engine.pool.query(
        `SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM "${t}" x`,
      );
      return `${t}:${r.rows[0].h}`;
    }),
  );
  return parts.join(',');
}

const deep = (n: number): unknown => (n === 0 ? 'x' : { a: deep(n - 1) });

const HOSTILE: [string, string, string][] = [
  // [what, content type, payload]
  ['a list', 'application/json', JSON.stringify([{ ID: 'X' }])],
  ['a number', 'application/json', '42'],
  ['a string', 'application/json', '"text"'],
  ['null', 'application/json', 'null'],
  [
    'NUL in a value',
    'application/json',
    JSON.stringify({
      ID: 'a\u0000b',
      Descr: 'x',
      autoid: 1,
      AutoID: 0,
      searchExpressions: 'a\u0000',
      username: 'admin\u0000',
    }),
  ],
  ['NUL in a key', 'application/json', JSON.stringify({ ['ID\u0000']: 'x' })],
  [
    'NUL in a filter',
    'application/json',
    JSON.stringify({ operatorFilter: [{ FieldName: 'ID', Operator: 'contains', Value: '\u0000' }] }),
  ],
  [
    'a list of 1001 items',
    'application/json',
    JSON.stringify({
      operatorFilter: Array.from({ length: 1001 }, () => ({ FieldName: 'ID', Operator: 'notcontains', Value: 'x' })),
    }),
  ],
  [
    '101 filter conditions',
    'application/json',
    JSON.stringify({
      ID: 'X',
      operatorFilter: Array.from({ length: 101 }, () => ({ FieldName: 'ID', Operator: 'notcontains', Value: 'x' })),
    }),
  ],
  [
    'an object of 1001 keys',
    'application/json',
    JSON.stringify(Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`k${i}`, i]))),
  ],
  ['nesting 40 deep', 'application/json', JSON.stringify({ ID: 'X', Filter: deep(40) })],
  ['a __proto__ key', 'application/json', '{"ID":"X","__proto__":{"isAdmin":true}}'],
  ['a constructor.prototype key', 'application/json', '{"ID":"X","constructor":{"prototype":{"isAdmin":true}}}'],
  [
    'an impossible date',
    'application/json',
    JSON.stringify({
      ID: 'X',
      Introduced: '2021-02-30',
      LastCount: '0000-01-01T10:00',
      operatorFilter: [{ FieldName: 'Introduced', Operator: '=', Value: '2021-02-30' }],
    }),
  ],
  [
    'a year 0 date',
    'application/json',
    JSON.stringify({
      ID: 'X',
      Introduced: '0000-01-01',
      operatorFilter: [{ FieldName: 'LastCount', Operator: '>', Value: '0000-01-01T00:00' }],
    }),
  ],
  ['text/plain', 'text/plain', '{"ID":"PLAIN"}'],
  ['broken JSON', 'application/json', '{"ID": '],
];

/**
 * Calls whose body the specification calls opaque (spec 1 §7): they take any object and read
 * nothing of it, so a body whose values are wrong only for the calls that read them is no
 * hostile one for these (the edge's checks of shape, size, NUL and keys still hold).
 */
const OPAQUE = new Set(['/mvc/:control/GetAvailableColumnsForPage', '/mvc/:control/GetAvailableQueryFiltersForPage']);
const UNREAD_VALUES = new Set(['101 filter conditions', 'an impossible date', 'a year 0 date']);

/** A call's URL with its parameters filled in with a table and a list that exist. */
const concrete = (url: string) =>
  url.replace(':control', 'products').replace(':list', 'countries').replace(':call', 'rename');

describe('hostile bodies', () => {
  it('the app lists its calls', () => {
    const posts = server.app.calls.filter((c) => c.method === 'POST' && c.url.startsWith('/mvc/'));
    expect(posts.length).toBeGreaterThan(20);
  });

  it('every call answers every hostile body with a 4xx and writes nothing', async () => {
    const calls = server.app.calls.filter((c) => c.url.startsWith('/mvc/') && c.method !== 'GET');
    const before = await fingerprint();
    const wrong: string[] = [];
    for (const call of calls) {
      for (const [what, type, payload] of HOSTILE) {
        // getauthorization takes a list: a list is its right shape, not a hostile one.
        if (what === 'a list' && call.url.endsWith('getauthorization')) continue;
        if (OPAQUE.has(call.url) && UNREAD_VALUES.has(what)) continue;
        const res = await server.app.inject({
          method: call.method as 'POST',
          url: concrete(call.url),
          payload,
          headers: { 'content-type': type, ...authHeaders(server.app) },
        });
        // Refused as bad input: not by a missing session (a 403 would hide what the call does).
        if (![400, 413, 415].includes(res.statusCode))
          wrong.push(`${call.method} ${call.url} with ${what}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await fingerprint()).toBe(before);
  });

  it('a NUL or an oversized list in the query string is refused too', async () => {
    const nul = await server.app.inject({
      method: 'POST',
      url: '/mvc/products/GetItem?autoid=1%00',
      headers: authHeaders(server.app),
      payload: {},
    });
    expect(nul.statusCode).toBe(400);
    expect(JSON.parse(nul.body)).toMatchObject({ Code: 'BAD_REQUEST', Key: 'request.nul' });
  });

  it('names the place of the problem', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/mvc/products/save',
      headers: { 'content-type': 'application/json', ...authHeaders(server.app) },
      payload: JSON.stringify({ ID: 'X', Notes: 'a\u0000b' }),
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body).Error).toMatch(/Notes: tekst mag het NUL-teken niet bevatten/);
  });
});

describe('values checked against the call schemas', () => {
  const send = async (url: string, payload: unknown, method: 'POST' | 'GET' = 'POST') => {
    const res = await server.app.inject({
      method,
      url,
      headers: authHeaders(server.app),
      ...(method === 'POST' ? { payload: payload as object } : {}),
    });
    return { status: res.statusCode, body: JSON.parse(res.body) };
  };

  it.each([
    [
      '/mvc/products/GetFlexData',
      { pageSize: 'ten' },
      'pageSize',
      'request.whole_number',
      'pageSize moet een geheel getal van 1 tot en met 1000 zijn.',
    ],
    [
      '/mvc/products/GetFlexData',
      { pageIndex: 1.5 },
      'pageIndex',
      'request.whole_number',
      'pageIndex moet een geheel getal van 0 tot en met 1000000 zijn.',
    ],
    [
      '/mvc/products/GetFlexData',
      { dataSource: 5 },
      'dataSource',
      'request.one_of',
      'dataSource moet een van deze waarden zijn: 0, 1, 2.',
    ],
    [
      '/mvc/products/GetFlexData',
      { order: 5 },
      'order',
      'request.types',
      'order heeft niet het verwachte type (string, null).',
    ],
    [
      '/mvc/products/GetFlexData',
      { searchExpressions: ['ok', 5] },
      'searchExpressions[1]',
      'request.text',
      'searchExpressions[1] moet tekst zijn.',
    ],
    [
      '/mvc/products/GetFlexData',
      { flexGridLayoutColumns: [{ FieldName: 'ID', ColumnWidth: 5000 }] },
      'flexGridLayoutColumns[0].ColumnWidth',
      'request.whole_number',
      'flexGridLayoutColumns[0].ColumnWidth moet een geheel getal van 0 tot en met 2000 zijn.',
    ],
    [
      '/mvc/products/GetFlexData',
      { operatorFilter: [{ Operator: '=' }] },
      'operatorFilter[0].FieldName',
      'request.required',
      'operatorFilter[0].FieldName is verplicht.',
    ],
    [
      '/mvc/products/GetFlexData',
      { rows: 5 },
      'rows',
      'request.unknown_parameter',
      'Onbekende parameter rows; deze aanroep kent dataSource, pageIndex, pageSize, order, searchExpressions, flexGridLayoutColumns, dataSet, operatorFilter, columnFilter, dataFilter.',
    ],
    ['/mvc/_lists/countries', { Archive: 'ja' }, 'Archive', 'request.bool', 'Archive moet true of false zijn.'],
    [
      '/mvc/_lists/countries',
      { searchKey: 'x'.repeat(201) },
      'searchKey',
      'request.text_max',
      'searchKey moet tekst van hoogstens 200 tekens zijn.',
    ],
    [
      '/mvc/security/getauthorization',
      [{ ID: '9.1', Action: 'fly' }],
      '[0].Action',
      'request.one_of',
      '[0].Action moet een van deze waarden zijn: 1.1, 1.2, 1.3, 1.4, 1.5, read, update, create, delete, createorupdate, execute.',
    ],
    [
      '/mvc/flexgridlayout/getflexgridlayout',
      { AutoID: 'one' },
      'AutoID',
      'request.positive',
      'AutoID moet een geheel getal groter dan 0 zijn.',
    ],
    ['/mvc/account/login', { username: '', password: 'x' }, 'username', 'request.required', 'username is verplicht.'],
  ])('%s %j is refused under %s', async (url, payload, place, key, text) => {
    const res = await send(url, payload);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ Code: 'BAD_REQUEST', Key: key, Error: text });
    expect(res.body.ModelState[place]).toEqual([text]);
    expect(res.body.TranslationModelState.ModelState[place][0].Key).toBe(key);
  });

  it('every problem of a body is listed under its place, the first one as the Error', async () => {
    const res = await send('/mvc/products/GetFlexData', { pageSize: 0, pageIndex: -1, dataSource: 'all' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState).sort()).toEqual(['dataSource', 'pageIndex', 'pageSize']);
    expect(res.body.Error).toBe(res.body.ModelState[Object.keys(res.body.ModelState)[0]][0]);
  });

  it('a query parameter is checked against the query schema', async () => {
    const res = await send('/mvc/security/explain?username=admin&right=9.1', null, 'GET');
    expect(res.status).toBe(400);
    expect(res.body.ModelState['query.action']).toEqual(['query.action is verplicht.']);
  });

  it('parameter names are matched without regard to case, and honoured in the declared spelling', async () => {
    const res = await send('/mvc/products/GetFlexData', { PAGESIZE: 2, PageIndex: 0 });
    expect(res.status).toBe(200);
    expect(res.body.Meta.PageSize).toBe(2);
    expect(res.body.Data.length).toBeLessThanOrEqual(2);
  });
});
