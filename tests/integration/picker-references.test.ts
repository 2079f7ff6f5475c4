// What a list field's picker needs to open and make the rows it refers to, as GetForm answers it
// on the shipped packs: the list's table and its right code, and the record's fields a new row
// takes (the listFilter's parameters bound to the record's own fields, not to paths through the
// rows it references). A catalogue of the definitions names no table.
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { get, startTestServer, type TestServer } from './harness.ts';

const PACKS_DIR = path.resolve(import.meta.dirname, '..', '..', 'definitions', 'packs');
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { packsDir: PACKS_DIR, packs: ['base', 'demo'] } });
});
afterAll(async () => {
  await server?.close();
});

async function configs(table: string): Promise<Record<string, Record<string, unknown> | null>> {
  const answer = await get(server.app, `/mvc/${table}/GetForm`);
  expect(answer.status).toBe(200);
  return Object.fromEntries(
    (answer.body.Properties as { FieldName: string; Settings: { ListConfig: Record<string, unknown> | null } }[]).map(
      (p) => [p.FieldName, p.Settings.ListConfig],
    ),
  );
}

it('names the list table, its right and what a new row takes of the record', async () => {
  const order = await configs('orders');
  expect(order.DeliverRelation).toMatchObject({ Table: 'relations', Right: '2.1', Prefill: [] });
  expect(order.DeliverPerson).toMatchObject({
    Table: 'persons',
    Right: '3.1',
    Prefill: [{ Field: 'Relation', From: 'DeliverRelation' }],
  });
  // A relation's main contact is one of its own persons: a new one takes the relation's AutoID.
  expect((await configs('relations')).MainContact).toMatchObject({
    Table: 'persons',
    Prefill: [{ Field: 'Relation', From: 'AutoID' }],
  });
  // A filter through a referenced row (the receipt's purchase order) fills nothing.
  const line = (await configs('purchasereceiptitems')).PurchaseOrderLine;
  expect(line).toMatchObject({ Prefill: [] });
  expect(line).toMatchObject({ Table: 'purchaseorderlines', Right: '9.2' });
});

it('names no table for a catalogue of the definitions', async () => {
  const grant = await configs('securitygrants');
  expect(grant.RightCode).toMatchObject({ ValueField: 'ID' });
  expect(grant.RightCode?.Table ?? null).toBeNull();
});
