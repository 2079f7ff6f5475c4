// GetForm, GetNew, GetItem, save and delete of pack tables, as a client sees them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, get, post, startTestServer, type TestServer } from './harness.ts';
import { type Group, type Property } from '../support/answers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const product = (over: Record<string, unknown> = {}) => ({
  AutoID: 0,
  ID: 'P-1',
  Descr: 'Boormachine',
  Price: 12.5,
  Stock: 3,
  ...over,
});

describe('GetForm', () => {
  it('describes every field with label, component, settings and list config, layered by the customer pack', async () => {
    const { status, body } = await get(server.app, '/mvc/products/GetForm');
    expect(status).toBe(200);
    const byName = Object.fromEntries(body.Properties.map((p: Property) => [p.FieldName, p]));
    expect(byName.ID).toMatchObject({
      Label: 'Artikelnummer',
      Required: true,
      Enabled: true,
      Component: 6,
      Settings: { FieldLength: 20 },
    });
    // The customer pack relabels Descr and adds Barcode.
    expect(byName.Descr.Label).toBe('Naam');
    expect(byName.Barcode).toMatchObject({ Label: 'Streepjescode', Settings: { FieldLength: 40 } });
    expect(byName.Price).toMatchObject({
      Component: 3,
      QuantityUnit: 'EUR',
      Settings: { min: 0, max: 99999999.99, step: 0.01 },
    });
    expect(byName.Weight.Settings).toMatchObject({ min: -999, max: 999, step: 1 });
    expect(byName.Active).toMatchObject({ Component: 0, Value: true });
    expect(byName.Introduced.Component).toBe(1);
    expect(byName.Notes.Component).toBe(5);
    expect(byName.Status.Component).toBe(4);
    expect(byName.Country).toMatchObject({
      Component: 2,
      Settings: {
        ListConfig: { ListMethod: 'mvc/_lists/countries', SingleMethod: 'mvc/_lists/countries/single', Parameters: [] },
      },
    });
    expect(byName.Group.Settings.ListConfig.Parameters).toEqual(['CountryID']);
    expect(byName.Discount.Rules.visibleWhen).toEqual({ '==': [{ var: 'Status' }, 'sold'] });
    expect(body.Groups.map((g: Group) => g.GroupID)).toEqual(['Algemeen', 'Prijs', 'general']);
  });

  it('answers 404 naming an unknown table', async () => {
    const { status, body } = await get(server.app, '/mvc/nosuchtable/GetForm');
    expect(status).toBe(404);
    expect(body.Error).toContain('nosuchtable');
  });
});

describe('GetNew, save, GetItem, delete', () => {
  it('GetNew answers a blank record with defaults and AutoID 0', async () => {
    const { body } = await post(server.app, '/mvc/products/GetNew');
    expect(body).toMatchObject({
      AutoID: 0,
      ID: null,
      Active: true,
      Archive: false,
      Country: null,
      Country_Descr: null,
    });
  });

  it('creates with AutoID 0, then reads, updates and deletes the record', async () => {
    const nl = (await post(server.app, '/mvc/_lists/countries', { searchKey: 'Nederland' })).body.Data[0];
    const created = await post(
      server.app,
      '/mvc/products/save',
      product({
        ID: 'P-100',
        Country: nl.AutoID,
        Introduced: '2026-03-01',
        OpensAt: '08:30',
        LastCount: '2026-03-01T10:15',
        Color: '#aabbcc',
        Status: 'new',
      }),
    );
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      ID: 'P-100',
      Price: 12.5,
      Country: nl.AutoID,
      Country_Descr: 'Nederland',
      Introduced: '2026-03-01',
      OpensAt: '08:30',
      LastCount: '2026-03-01T10:15',
      TimeStamp: 1,
      CreatedBy: 'admin',
      Active: true,
    });
    const id = created.body.AutoID;
    expect(id).toBeGreaterThan(0);

    const read = await post(server.app, '/mvc/products/GetItem', { autoid: id });
    expect(read.body).toEqual(created.body);

    const updated = await post(server.app, '/mvc/products/save', { ...read.body, Descr: 'Klopboor', Price: '13.75' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ Descr: 'Klopboor', Price: 13.75, TimeStamp: 2 });

    expect((await post(server.app, '/mvc/products/delete', { autoid: id })).status).toBe(200);
    const gone = await post(server.app, '/mvc/products/GetItem', { autoid: id });
    expect(gone.status).toBe(404);
    expect(gone.body.Error).toBe('Het opgevraagde item bestaat niet');
    expect((await post(server.app, '/mvc/products/delete', { autoid: id })).status).toBe(404);
  });

  it('refuses a stale TimeStamp with 409 and overwrites nothing', async () => {
    const created = (await post(server.app, '/mvc/products/save', product({ ID: 'P-409' }))).body;
    const first = await post(server.app, '/mvc/products/save', { ...created, Descr: 'eerste' });
    expect(first.status).toBe(200);
    const second = await post(server.app, '/mvc/products/save', { ...created, Descr: 'tweede' });
    expect(second.status).toBe(409);
    expect(second.body.Error).toMatch(/intussen door een ander gewijzigd/);
    const now = (await post(server.app, '/mvc/products/GetItem', { autoid: created.AutoID })).body;
    expect(now).toMatchObject({ Descr: 'eerste', TimeStamp: 2 });
  });

  it('ignores client values for CreatedBy, CreateDate and ModifiedBy', async () => {
    const res = await post(
      server.app,
      '/mvc/products/save',
      product({ ID: 'P-SYS', CreatedBy: 'mallory', ModifiedBy: 'mallory', CreateDate: '2000-01-01T00:00:00Z' }),
    );
    expect(res.status).toBe(200);
    expect(res.body.CreatedBy).toBe('admin');
    expect(res.body.ModifiedBy).toBe('admin');
    expect(res.body.CreateDate.startsWith('2000')).toBe(false);
  });

  it('a delete of a row still referenced answers 409 and deletes nothing', async () => {
    const p = (await post(server.app, '/mvc/products/save', product({ ID: 'P-REF' }))).body;
    const m = await post(server.app, '/mvc/machines/save', { Serial: 'S1', Product: p.AutoID });
    expect(m.status).toBe(200);
    expect(m.body.Product_Descr).toBe('Boormachine');
    const del = await post(server.app, '/mvc/products/delete', { autoid: p.AutoID });
    expect(del.status).toBe(409);
    const still = await post(server.app, '/mvc/products/GetItem', { autoid: p.AutoID });
    expect(still.status).toBe(200);
    // Still there, unchanged: the refused delete took nothing with it.
    expect(still.body).toMatchObject({ AutoID: p.AutoID, ID: 'P-REF', TimeStamp: p.TimeStamp });
  });
});

describe('save validation: 400 naming field and rule, nothing written', () => {
  const count = async () => (await post(server.app, '/mvc/products/GetFlexData', { dataSource: 2 })).body.Meta.Count;

  async function refused(record: object) {
    const before = await count();
    const res = await post(server.app, '/mvc/products/save', record);
    expect(res.status).toBe(400);
    expect(await count()).toBe(before);
    return res.body;
  }

  it('maxLength uses the specified message', async () => {
    const body = await refused(product({ ID: 'x'.repeat(25) }));
    expect(body.ModelState.ID).toEqual(['field must be less than or equal to 20 characters, you entered 25']);
    expect(body.TranslationModelState.ModelState.ID).toEqual([{ Key: 'validation.max_length', Value: ['20', '25'] }]);
  });

  it('required fields from the pack', async () => {
    const body = await refused(product({ ID: '' }));
    expect(body.ModelState.ID[0]).toMatch(/Artikelnummer is verplicht/);
  });

  it('min, max and digit limits', async () => {
    expect((await refused(product({ Price: -1 }))).ModelState.Price[0]).toMatch(/minimaal 0/);
    expect((await refused(product({ Weight: 1000 }))).ModelState.Weight[0]).toMatch(/maximaal 999/);
    expect((await refused(product({ Price: 1.234 }))).ModelState.Price[0]).toMatch(/8 cijfers voor en 2 na/);
  });

  it('values of the wrong type, options and formats', async () => {
    const wrongType = await refused(product({ Stock: 'veel' }));
    expect(Object.keys(wrongType.ModelState)).toEqual(['Stock']);
    expect(wrongType.ModelState.Stock[0]).toBe('De waarde van Voorraad is ongeldig.');
    expect(wrongType.TranslationModelState.ModelState.Stock[0]).toEqual({
      Key: 'validation.invalid',
      Value: ['Stock'],
    });
    expect(Object.keys((await refused(product({ Stock: 1.5 }))).ModelState)).toEqual(['Stock']);
    expect((await refused(product({ Status: 'stolen' }))).ModelState.Status[0]).toMatch(/toegestane keuzes/);
    expect(Object.keys((await refused(product({ Introduced: '2026-02-31' }))).ModelState)).toEqual(['Introduced']);
    expect(Object.keys((await refused(product({ OpensAt: '25:00' }))).ModelState)).toEqual(['OpensAt']);
    expect(Object.keys((await refused(product({ Color: '#aabbccdd' }))).ModelState)).toEqual(['Color']);
    expect(Object.keys((await refused(product({ Active: 'ja' }))).ModelState)).toEqual(['Active']);
  });

  it('list values must exist', async () => {
    expect((await refused(product({ Country: 999999 }))).ModelState.Country[0]).toMatch(/bestaat niet/);
  });

  it("a value that must be unique answers 400 on its field, from the database's unique index", async () => {
    const countries = async () =>
      (await post(server.app, '/mvc/countries/GetFlexData', { dataSource: 2 })).body.Meta.Count;
    expect((await post(server.app, '/mvc/countries/save', { ID: 'UQ', Descr: 'Eerste' })).status).toBe(200);
    const before = await countries();
    const twice = await post(server.app, '/mvc/countries/save', { ID: 'UQ', Descr: 'Tweede' });
    expect(twice.status).toBe(400);
    expect(twice.body.ModelState.ID).toEqual(['De waarde van Code bestaat al.']);
    expect(twice.body.TranslationModelState.ModelState.ID).toEqual([{ Key: 'validation.unique', Value: ['ID'] }]);
    expect(await countries()).toBe(before);
  });

  it('requiredWhen rules hold on the server', async () => {
    expect((await refused(product({ Status: 'sold' }))).ModelState.Discount[0]).toMatch(/verplicht/);
    expect(
      (await post(server.app, '/mvc/products/save', product({ ID: 'P-SOLD', Status: 'sold', Discount: 5 }))).status,
    ).toBe(200);
  });

  it('unknown fields are named', async () => {
    expect((await refused(product({ Colour: 'red' }))).ModelState.Colour[0]).toMatch(/bestaat niet in deze tabel/);
  });

  it('__proto__ and constructor keys are refused', async () => {
    const before = await count();
    for (const payload of [
      '{"AutoID":0,"ID":"X","__proto__":{"admin":true}}',
      '{"AutoID":0,"ID":"X","constructor":{"prototype":{"admin":true}}}',
    ]) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/mvc/products/save',
        payload,
        headers: { 'content-type': 'application/json', ...authHeaders(server.app) },
      });
      expect(res.statusCode).toBe(400);
      expect(JSON.parse(res.body).Error).toBeTruthy();
    }
    expect(await count()).toBe(before);
  });

  it('a body that is not an object, invalid JSON, or too large', async () => {
    expect((await refused([product()])).Error).toMatch(/JSON-object/);
    const bad = await server.app.inject({
      method: 'POST',
      url: '/mvc/products/save',
      payload: '{"ID": ',
      headers: { 'content-type': 'application/json', ...authHeaders(server.app) },
    });
    expect(bad.statusCode).toBe(400);
    const big = await server.app.inject({
      method: 'POST',
      url: '/mvc/products/save',
      payload: JSON.stringify(product({ Notes: 'x'.repeat(2 * 1024 * 1024) })),
      headers: { 'content-type': 'application/json', ...authHeaders(server.app) },
    });
    expect(big.statusCode).toBe(413);
    expect(JSON.parse(big.body).Error).toBe('Het verzoek is te groot.');
  });

  it('an update without TimeStamp is refused', async () => {
    const created = (await post(server.app, '/mvc/products/save', product({ ID: 'P-NOTS' }))).body;
    const res = await post(server.app, '/mvc/products/save', { AutoID: created.AutoID, Descr: 'zonder' });
    expect(res.status).toBe(400);
    expect(res.body.ModelState.TimeStamp).toBeTruthy();
  });

  it('a bad autoid is a 400', async () => {
    expect((await post(server.app, '/mvc/products/GetItem', { autoid: '1; DROP TABLE products' })).status).toBe(400);
    expect((await post(server.app, '/mvc/products/GetItem', {})).status).toBe(400);
  });
});
