// Properties by type (spec 3 §5, "a data-loss warning gives counts of fields lost and kept"): an
// object's type brings its properties; a value must be of a property of the object's type; before
// a save changes the type, TypeChange says what would be lost and kept, and the save keeps the
// values whose property the new type has by name and removes the others, in one transaction.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, get, post, startTestServer, type TestServer } from './harness.ts';
import { type Row } from '../support/answers.ts';

const PACKS_DIR = path.resolve(import.meta.dirname, '..', '..', 'definitions', 'packs');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { packsDir: PACKS_DIR, packs: ['base'] } });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

async function saved(table: string, record: Record<string, unknown>): Promise<Row> {
  const res = await post(server.app, `/mvc/${table}/save`, record);
  expect(res.status, `${table}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
}
const values = async (object: number) =>
  (
    await post(server.app, '/mvc/objectpropertyvalues/GetFlexData', {
      dataFilter: [{ FieldName: 'Object', Value: object }],
      order: 'AutoID asc',
    })
  ).body.Data.map((v: { Property_Descr: string; Value: string }) => [v.Property_Descr, v.Value]);

describe('properties by object type', () => {
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    ids.lift = (await saved('objecttypes', { ID: 'TP-HW', Descr: 'Hoogwerker' })).AutoID;
    ids.gen = (await saved('objecttypes', { ID: 'TP-AGG', Descr: 'Aggregaat' })).AutoID;
    for (const [type, name] of [
      ['lift', 'Werkhoogte'],
      ['lift', 'Vermogen'],
      ['gen', 'vermogen'],
      ['gen', 'Tankinhoud'],
    ] as const) {
      ids[`${type}.${name}`] = (
        await saved('objecttypeproperties', { ObjectType: ids[type], Descr: name, FieldType: 'text' })
      ).AutoID;
    }
    ids.object = (await saved('objects', { ID: 'TP-1', Descr: 'Hoogwerker 1', ObjectType: ids.lift })).AutoID;
    await saved('objectpropertyvalues', { Object: ids.object, Property: ids['lift.Werkhoogte'], Value: '12 m' });
    await saved('objectpropertyvalues', { Object: ids.object, Property: ids['lift.Vermogen'], Value: '7 kW' });
  });

  it("takes a value only for a property of the object's own type, once", async () => {
    const other = await post(server.app, '/mvc/objectpropertyvalues/save', {
      Object: ids.object,
      Property: ids['gen.Tankinhoud'],
      Value: '80 l',
    });
    expect(other.status).toBe(400);
    expect(other.body.ModelState).toEqual({
      Property: ['Deze eigenschap hoort niet bij het objecttype van het object.'],
    });
    const twice = await post(server.app, '/mvc/objectpropertyvalues/save', {
      Object: ids.object,
      Property: ids['lift.Vermogen'],
      Value: '8 kW',
    });
    expect(twice.body.ModelState).toEqual({ Property: ['Dit object heeft al een waarde voor deze eigenschap.'] });
    expect(await values(ids.object)).toEqual([
      ['Werkhoogte', '12 m'],
      ['Vermogen', '7 kW'],
    ]);
  });

  it("says before the save what a type change loses and keeps, in the user's language", async () => {
    const form = (await get(server.app, '/mvc/objects/GetForm')).body;
    expect(form.TypeField).toBe('ObjectType');
    const impact = await post(server.app, '/mvc/objects/TypeChange', { autoid: ids.object, Type: ids.gen });
    expect(impact.body).toEqual({
      Field: 'ObjectType',
      Lost: 1,
      Kept: 1,
      LostNames: ['Werkhoogte'],
      KeptNames: ['Vermogen'],
      Message:
        'Door het wijzigen van Objecttype gaan 1 ingevulde eigenschappen verloren (Werkhoogte); 1 blijven behouden. Doorgaan?',
    });
    const english = await server.app.inject({
      method: 'POST',
      url: '/mvc/objects/TypeChange',
      headers: { cookie: `${authHeaders(server.app).cookie}; Culture=en` },
      payload: { autoid: ids.object, Type: ids.gen },
    });
    expect(english.json().Message).toMatch(/^Changing .* loses 1 filled-in properties \(Werkhoogte\); 1 are kept/);
    // Asking changes nothing.
    expect(await values(ids.object)).toEqual([
      ['Werkhoogte', '12 m'],
      ['Vermogen', '7 kW'],
    ]);
    expect((await post(server.app, '/mvc/relations/TypeChange', { autoid: 1, Type: null })).status).toBe(400);
  });

  it('keeps the values whose property the new type has by name and removes the others when saved', async () => {
    const object = (await post(server.app, '/mvc/objects/GetItem', { autoid: ids.object })).body;
    await saved('objects', { ...object, ObjectType: ids.gen });
    expect(await values(ids.object)).toEqual([['vermogen', '7 kW']]);
    const kept = (
      await post(server.app, '/mvc/objectpropertyvalues/GetFlexData', {
        dataFilter: [{ FieldName: 'Object', Value: ids.object }],
      })
    ).body.Data[0];
    expect(kept.Property).toBe(ids['gen.vermogen']);
  });
});
