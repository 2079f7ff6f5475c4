// Schema sync across restarts: safe changes applied and logged, data-losing ones refused
// unless forced, and the site layer changing tables at run time in every process.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngine } from '../../server/engine.ts';
import { changeSiteDefinition } from '../../server/metadata/site-change.ts';
import { planAsSql, planSchema } from '../../server/metadata/sync/apply.ts';
import { loadPacks } from '../../server/metadata/packs.ts';
import { Registry } from '../../server/metadata/registry.ts';
import { canonicalText, type FieldDef, type TableDef } from '../../definitions/language/index.ts';
import { createTestDatabase, get, post, startTestServer, TEST_PACKS_DIR, testConfig } from './harness.ts';
import { type Property } from '../support/answers.ts';

let databaseUrl: string;
let packsDir: string;
const productsFile = () => path.join(packsDir, 'testbase', 'tables', 'products.json');

function editProducts(edit: (table: TableDef) => void) {
  const table: TableDef = JSON.parse(readFileSync(productsFile(), 'utf8'));
  edit(table);
  writeFileSync(productsFile(), canonicalText('table', table));
}
const idField = (table: TableDef): FieldDef => {
  const field = table.fields.find((f) => f.name === 'ID');
  if (!field) throw new Error('the products table of the test pack has an ID field');
  return field;
};

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  packsDir = mkdtempSync(path.join(tmpdir(), 'packs-'));
  cpSync(TEST_PACKS_DIR, packsDir, { recursive: true });
});
afterAll(() => rmSync(packsDir, { recursive: true, force: true }));

describe('schema sync', () => {
  it('keeps records across a restart and applies safe changes, logged', async () => {
    const first = await startTestServer({ databaseUrl, config: { packsDir } });
    expect((await post(first.app, '/mvc/products/save', { ID: 'P-LONG-1234', Descr: 'lang' })).status).toBe(200);
    await first.close();

    editProducts((t) => {
      idField(t).maxLength = 30;
      t.fields.push({ name: 'Extra', label: 'Extra', type: 'decimal', integers: 5, decimals: 3 });
    });
    const second = await startTestServer({ databaseUrl, config: { packsDir } });
    expect(second.engine.applied.applied.map((s) => s.description)).toEqual([
      'widen column products.id from character varying(20) to character varying(30)',
      'add column products.extra numeric(8,3)',
    ]);
    const list = await post(second.app, '/mvc/products/GetFlexData', { searchExpressions: 'P-LONG' });
    expect(list.body.Data[0]).toMatchObject({ ID: 'P-LONG-1234', Extra: null });
    const log = await second.engine.pool.query(
      `SELECT change, column_name FROM core_schema_change WHERE table_name = 'products' ORDER BY id DESC LIMIT 2`,
    );
    expect(log.rows).toEqual([
      { change: 'add-column', column_name: 'extra' },
      { change: 'widen', column_name: 'id' },
    ]);
    await second.close();
  });

  it('refuses a narrowing that would lose data, naming table, column and rows; diff prints the SQL', async () => {
    editProducts((t) => {
      idField(t).maxLength = 5;
    });
    const packs = loadPacks(packsDir, ['testbase', 'testcustomer']);
    const engineless = await startEngine(testConfig({ packsDir, packs: ['testbase'] }), { databaseUrl }).catch(
      (e) => e,
    );
    // Without the customer pack nothing else changes, but the narrowing is still refused.
    expect(String(engineless.message)).toMatch(
      /refused: narrow column products\.id .* would lose data in 1 row\(s\) of products\.id/,
    );
    const err = await startEngine(testConfig({ packsDir }), { databaseUrl }).catch((e) => e);
    expect(err.message).toMatch(/products\.id/);

    const { createPool } = await import('../../server/db/pool.ts');
    const pool = createPool(databaseUrl, 1);
    const registry = await Registry.open(packs, pool);
    const sql = planAsSql(await planSchema(pool, registry.snapshot.effective));
    expect(sql).toContain('ALTER TABLE "products" ALTER COLUMN "id" TYPE character varying(5)');
    const type = await pool.query(
      `SELECT format_type(atttypid, atttypmod) AS t FROM pg_attribute WHERE attrelid = 'products'::regclass AND attname = 'id'`,
    );
    expect(type.rows[0].t).toBe('character varying(30)');
    await pool.end();
  });

  it('applies the loss when forced', async () => {
    const engine = await startEngine(testConfig({ packsDir }), { databaseUrl, force: true });
    const row = await engine.pool.query(`SELECT id FROM products WHERE descr = 'lang'`);
    expect(row.rows[0].id).toBe('P-LON');
    const log = await engine.pool.query(`SELECT forced FROM core_schema_change WHERE change = 'narrow'`);
    expect(log.rows).toEqual([{ forced: true }]);
    await engine.close();
  });
});

describe('site layer', () => {
  it('adds a field at run time: stored with history, column added, visible at once in every process', async () => {
    const a = await startTestServer();
    const b = await startTestServer({ databaseUrl: a.databaseUrl });
    const versionB = b.engine.registry.snapshot.version;
    await changeSiteDefinition(a.engine.pool, a.engine.registry, {
      kind: 'table',
      name: 'products',
      by: 'beheerder',
      body: {
        name: 'products',
        extends: true,
        fields: [
          { name: 'Size', label: 'Maat', type: 'integer', integers: 4 },
          { name: 'ID', label: 'Code' },
        ],
      },
    });
    const form = (await get(a.app, '/mvc/products/GetForm')).body;
    expect(form.Properties.find((p: Property) => p.FieldName === 'Size')).toMatchObject({
      Label: 'Maat',
      Component: 3,
    });
    expect(form.Properties.find((p: Property) => p.FieldName === 'ID').Label).toBe('Code');
    const saved = await post(a.app, '/mvc/products/save', { ID: 'S-1', Size: 42 });
    expect(saved.body.Size).toBe(42);

    // Provenance: which layer set each attribute.
    const fields = a.engine.registry.snapshot.effective.tables.get('products')!.fields;
    const size = fields.find((f) => f.name === 'Size')!;
    expect(size.origin.label).toMatchObject({ layer: 'site', by: 'beheerder', at: expect.any(String) });
    const descr = fields.find((f) => f.name === 'Descr')!;
    expect(descr.origin.label.layer).toBe('testcustomer');
    expect(descr.origin.type.layer).toBe('testbase');

    // The other process reloads on NOTIFY, without a restart.
    for (let i = 0; i < 100 && b.engine.registry.snapshot.version === versionB; i++)
      await new Promise((r) => setTimeout(r, 20));
    // The other process must have heard of the change (NOTIFY), not merely waited long enough.
    expect(b.engine.registry.snapshot.version, 'the other process reloaded its definitions').toBeGreaterThan(versionB);
    const fromB = await post(b.app, '/mvc/products/GetFlexData', { searchExpressions: 'S-1' });
    expect(fromB.body.Data[0].Size).toBe(42);

    const history = await a.engine.pool.query(
      `SELECT before, after, changed_by FROM core_site_definition_history WHERE name = 'products'`,
    );
    expect(history.rows).toHaveLength(1);
    expect(history.rows[0]).toMatchObject({ before: null, changed_by: 'beheerder' });
    await b.close();
    await a.close();
  });

  it('refuses a site change that conflicts or breaks the field-dictionary rules, changing nothing', async () => {
    const s = await startTestServer();
    const change = (fields: unknown[]) =>
      changeSiteDefinition(s.engine.pool, s.engine.registry, {
        kind: 'table',
        name: 'products',
        by: 'beheerder',
        body: { name: 'products', extends: true, fields },
      }).catch((e) => e);
    expect((await change([{ name: 'Ghost', label: 'Spook' }])).message).toMatch(
      /overrides field Ghost of table products, which no lower layer defines/,
    );
    expect((await change([{ name: 'Big', type: 'decimal', integers: 30, decimals: 10 }])).message).toMatch(
      /integers plus decimals may be at most 38/,
    );
    expect((await change([{ name: 'Small', type: 'smallint', integers: 6 }])).message).toMatch(
      /smallint allows at most 5 integers/,
    );
    expect((await change([{ name: 'Neg', type: 'decimal', decimals: -1 }])).message).toMatch(/decimals/);
    expect(
      (await change([{ name: 'Evil', type: 'text', visibleWhen: { var: '__proto__.constructor' } }])).message,
    ).toMatch(/not a field of this record/);
    const rows = await s.engine.pool.query('SELECT count(*)::int AS n FROM core_site_definition');
    expect(rows.rows[0].n).toBe(0);
    await s.close();
  });

  it('reports a site override whose target a pack no longer has as a conflict, and still starts', async () => {
    const s = await startTestServer();
    await changeSiteDefinition(s.engine.pool, s.engine.registry, {
      kind: 'table',
      name: 'products',
      by: 'beheerder',
      body: { name: 'products', extends: true, fields: [{ name: 'Barcode', label: 'EAN' }] },
    });
    await s.close();
    // The customer pack that defined Barcode is gone (an upgrade): the override has nothing to change.
    const after = await startTestServer({ databaseUrl: s.databaseUrl, config: { packs: ['testbase'] } });
    const status = (await get(after.app, '/mvc/definitions/status')).body;
    expect(status.SiteConflicts).toEqual([
      expect.objectContaining({
        file: 'site:table/products',
        rule: 'layer-conflict',
        message: expect.stringMatching(/overrides field Barcode .* no lower layer defines/),
      }),
    ]);
    const form = await get(after.app, '/mvc/products/GetForm');
    expect(form.status).toBe(200);
    // The form is built from what is left: the product's own fields, no Barcode.
    const fields = form.body.Properties.map((p: { FieldName: string }) => p.FieldName);
    expect(fields).toContain('ID');
    expect(fields).not.toContain('Barcode');
    await after.close();
  });
});
