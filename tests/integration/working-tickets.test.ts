// Service work on the base pack: team members, working tickets (numbered, end after start, the
// assignee a member of the team, a flag when it lies outside the team's working hours, a drawn
// signature that is an image), hour registrations (duration from start and end rounded as the
// working ticket settings say, no overlap for one person, none on a processed ticket), article
// realizations (a valid quantity, stock enough, booked out when the ticket is processed), invoicing
// an approved ticket once, and a user limited to their own tickets and hours.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, signIn, startTestServer, type TestServer } from './harness.ts';
import { type Row } from '../support/answers.ts';
import { MODULE_CODES } from '../../definitions/language/index.ts';

const PACKS_DIR = path.resolve(import.meta.dirname, '..', '..', 'definitions', 'packs');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Uploads one file for a working ticket's signature, as the form's file picker does. */
async function uploadSignature(name: string, type: string, bytes: Buffer) {
  const boundary = 'x-signature-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await server.app.inject({
    method: 'POST',
    url: '/mvc/files/upload?table=workingtickets&field=Signature',
    payload: body,
    headers: { cookie: await signIn(server.app), 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

let server: TestServer;
const ids: Record<string, number> = {};
const admin = (url: string, body: unknown = {}) => post(server.app, url, body);
async function create(table: string, record: Record<string, unknown>): Promise<Row> {
  const res = await admin(`/mvc/${table}/save`, record);
  if (res.status !== 200) throw new Error(`${table}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
const item = async (table: string, autoid: number): Promise<Row> =>
  (await admin(`/mvc/${table}/GetItem`, { autoid })).body;
async function as(cookie: string, url: string, body: object = {}) {
  const res = await server.app.inject({ method: 'POST', url, payload: body, headers: { cookie } });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
}
const status = async (ID: string) =>
  Number(
    (await server.engine.pool.query('SELECT autoid FROM workingticketstatuses WHERE id = $1', [ID])).rows[0].autoid,
  );
async function setRounding(HourRounding: string) {
  const row = (await admin('/mvc/workingticketsettings/GetFlexData', { pageSize: 1 })).body.Data[0];
  expect(
    (
      await admin('/mvc/workingticketsettings/save', {
        ...(await item('workingticketsettings', row.AutoID)),
        HourRounding,
      })
    ).status,
  ).toBe(200);
}
const hours = (record: Record<string, unknown>) =>
  admin('/mvc/hourregistrations/save', { Person: ids.anna, HourKind: ids.work, ...record });

beforeAll(async () => {
  server = await startTestServer({ config: { packsDir: PACKS_DIR, packs: ['base'] } });
  await create('administrations', { ID: 'HQ', Descr: 'Hoofdkantoor', IsDefault: true });
  ids.customer = (await create('relations', { ID: 'KLANT', Descr: 'Klant' })).AutoID;
  const active = Number((await server.engine.pool.query('SELECT min(autoid) AS id FROM personstatuses')).rows[0].id);
  const person = async (LastName: string) => (await create('persons', { LastName, Status: active })).AutoID;
  ids.anna = await person('Anna');
  ids.bert = await person('Bert');
  const week = (await create('workabledays', { ID: 'MA-VR', Descr: 'Maandag tot vrijdag' })).AutoID;
  const plan = (
    await create('workhourplans', { ID: 'KANTOOR', Descr: 'Kantoortijden', StartTime: '08:00', EndTime: '17:00' })
  ).AutoID;
  ids.team = (
    await create('teams', { ID: 'SERVICE', Descr: 'Serviceteam', Workdays: week, WorkHourPlan: plan })
  ).AutoID;
  ids.vat = (await create('vatcodes', { ID: 'H', Descr: 'Hoog', Percentage: 21 })).AutoID;
  const productStatus = (await create('productstatuses', { ID: 'ACTIEF', Descr: 'Actief' })).AutoID;
  const product = async (ID: string, Descr: string, Price: number) =>
    (await create('products', { ID, Descr, Status: productStatus, Price, Vat: ids.vat })).AutoID;
  ids.product = await product('FILTER', 'Luchtfilter', 12.5);
  const labour = await product('ARBEID', 'Arbeid', 0);
  ids.work = (
    await create('hourkinds', { ID: 'NORMAAL', Descr: 'Normale uren', IsBillable: true, Rate: 60, Product: labour })
  ).AutoID;
  ids.internal = (
    await create('hourkinds', { ID: 'INTERN', Descr: 'Interne uren', IsBillable: false, Rate: 40 })
  ).AutoID;
  ids.warehouse = (await create('warehouses', { ID: 'MAG', Descr: 'Hoofdmagazijn' })).AutoID;
  const stock = await create('productwarehouses', { Product: ids.product, Warehouse: ids.warehouse });
  await server.engine.pool.query('UPDATE productwarehouses SET stock = 5 WHERE autoid = $1', [stock.AutoID]);
  ids.stock = stock.AutoID;
  ids.voidReason = (await create('reasons', { ID: 'DUBBEL', Descr: 'Dubbel gefactureerd', Kind: 'void' })).AutoID;
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('team members and working tickets', () => {
  it('numbers a ticket from the settings, gives it the default status and refuses an end not after its start', async () => {
    const ticket = await create('workingtickets', { ShortDescr: 'Storing koelcel', Relation: ids.customer });
    expect(ticket.ID).toBe('WB-00001');
    expect(ticket.Status).toBe(await status('0'));
    const bad = await admin('/mvc/workingtickets/save', {
      ShortDescr: 'Achterstevoren',
      StartDate: '2026-12-07T10:00',
      EndDate: '2026-12-07T09:00',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.ModelState).toEqual({ EndDate: ['Het einde ligt niet na het begin.'] });
  });

  it('takes as assignee only a member of the assigned team, naming AssignedPerson', async () => {
    const outsider = await admin('/mvc/workingtickets/save', {
      ShortDescr: 'Onderhoud',
      AssignedTeam: ids.team,
      AssignedPerson: ids.bert,
    });
    expect(outsider.status).toBe(400);
    expect(outsider.body.ModelState).toEqual({ AssignedPerson: ['Bert is geen lid van team Serviceteam.'] });
    await create('teammembers', { Team: ids.team, Person: ids.anna, Position: 1 });
    const again = await admin('/mvc/teammembers/save', { Team: ids.team, Person: ids.anna });
    expect(again.status).toBe(400);
    const members = await admin('/mvc/teammembers/GetFlexData', {
      pageSize: 10,
      dataFilter: { Team: ids.team },
    });
    expect(members.body.Data.map((r: Row) => r.Person_Descr)).toEqual(['Anna']);
    const member = await create('workingtickets', {
      ShortDescr: 'Onderhoud',
      AssignedTeam: ids.team,
      AssignedPerson: ids.anna,
    });
    expect(member.AssignedPerson).toBe(ids.anna);
  });

  it('flags a start or end outside the team’s working hours or days, and saves it', async () => {
    const flag = async (StartDate: string, EndDate: string) =>
      (
        await create('workingtickets', {
          ShortDescr: 'Plan',
          AssignedTeam: ids.team,
          AssignedPerson: ids.anna,
          StartDate,
          EndDate,
        })
      ).OutsideWorkingHours;
    // Monday 7 December 2026.
    expect(await flag('2026-12-07T09:00', '2026-12-07T12:00')).toBe(false);
    expect(await flag('2026-12-07T07:00', '2026-12-07T12:00')).toBe(true);
    expect(await flag('2026-12-07T15:00', '2026-12-07T18:30')).toBe(true);
    expect(await flag('2026-12-12T09:00', '2026-12-12T12:00')).toBe(true);
  });

  it('takes an image as signature, stamped with who and when, and refuses any other file under Signature', async () => {
    const ticket = await create('workingtickets', { ShortDescr: 'Ondertekenen' });
    const unsigned = await admin('/mvc/workingtickets/RunAction', { Action: 'sign', autoids: [ticket.AutoID] });
    expect(unsigned.status).toBe(400);
    const pdf = await uploadSignature('handtekening.pdf', 'application/pdf', PDF);
    if (pdf.status === 200) {
      const saved = await admin('/mvc/workingtickets/save', { ...ticket, Signature: pdf.body[0].FileID });
      expect(saved.status).toBe(400);
      expect(saved.body.TranslationModelState.ModelState.Signature).toEqual([
        { Key: 'validation.image_value', Value: ['Signature'] },
      ]);
    } else expect(pdf.status).toBe(400);
    expect((await item('workingtickets', ticket.AutoID)).Signature).toBeNull();
    const png = await uploadSignature('handtekening.png', 'image/png', PNG);
    expect(png.status).toBe(200);
    expect((await admin('/mvc/workingtickets/save', { ...ticket, Signature: png.body[0].FileID })).status).toBe(200);
    const signed = await admin('/mvc/workingtickets/RunAction', { Action: 'sign', autoids: [ticket.AutoID] });
    expect(signed.body).toMatchObject({ Succeeded: 1 });
    const stamped = await item('workingtickets', ticket.AutoID);
    expect(stamped.SignedBy_Descr).toBe('admin');
    expect(String(stamped.SignedOn)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
  });
});

describe('hour registrations', () => {
  it('computes the duration from start and end, rounded as the settings say', async () => {
    const duration = async (Date: string) =>
      (await hours({ Date, StartTime: '08:00', EndTime: '09:10' })).body.Duration;
    await setRounding('none');
    expect(await duration('2026-11-02')).toBe(1.17);
    await setRounding('hourup');
    expect(await duration('2026-11-03')).toBe(2);
    await setRounding('quarterup');
    expect(await duration('2026-11-04')).toBe(1.25);
    const entered = await hours({ Date: '2026-11-05', EnteredDuration: 2.1 });
    expect(entered.body).toMatchObject({ Duration: 2.25, Rate: 60, Amount: 135 });
    await setRounding('none');
  });

  it('refuses an end before the start and a duration of nothing, naming the field', async () => {
    const backwards = await hours({ Date: '2026-11-06', StartTime: '10:00', EndTime: '09:00' });
    expect(backwards.status).toBe(400);
    expect(Object.keys(backwards.body.ModelState)).toContain('EndTime');
    const nothing = await hours({ Date: '2026-11-06', EnteredDuration: 0 });
    expect(nothing.status).toBe(400);
    expect(Object.keys(nothing.body.ModelState)).toEqual(['Duration']);
  });

  it('refuses hours of one person that overlap on a date, and takes adjacent ones', async () => {
    expect((await hours({ Date: '2026-11-09', StartTime: '10:00', EndTime: '11:00' })).status).toBe(200);
    const overlap = await hours({ Date: '2026-11-09', StartTime: '10:30', EndTime: '11:30' });
    expect(overlap.status).toBe(400);
    expect(overlap.body.ModelState).toEqual({
      StartTime: ['Deze uren overlappen met andere uren van dezelfde persoon op deze dag (10:00 tot 11:00).'],
    });
    expect((await hours({ Date: '2026-11-09', StartTime: '11:00', EndTime: '12:00' })).status).toBe(200);
    expect((await hours({ Person: ids.bert, Date: '2026-11-09', StartTime: '10:30', EndTime: '11:30' })).status).toBe(
      200,
    );
  });
});

describe('article realizations, approval, invoicing and processing', () => {
  it('refuses a quantity below 1, more than the stock with the amount available, and a description over 100 characters', async () => {
    const ticket = await create('workingtickets', { ShortDescr: 'Filters', Relation: ids.customer });
    const realize = (record: Record<string, unknown>) =>
      admin('/mvc/articlerealizations/save', {
        WorkingTicket: ticket.AutoID,
        Product: ids.product,
        Warehouse: ids.warehouse,
        ...record,
      });
    const zero = await realize({ Quantity: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.ModelState).toEqual({ Quantity: ['Geen geldig aantal'] });
    const tooMany = await realize({ Quantity: 6 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.ModelState).toEqual({ Quantity: ['Onvoldoende voorraad van Luchtfilter: beschikbaar 5.'] });
    expect((await realize({ Quantity: 2, Descr: 'x'.repeat(101) })).status).toBe(400);
    const made = await realize({ Quantity: 2 });
    expect(made.body).toMatchObject({ Descr: 'Luchtfilter', Price: 12.5, Amount: 25 });
  });

  it('invoices an approved ticket once: billable hours and realized articles as lines', async () => {
    const ticket = await create('workingtickets', { ShortDescr: 'Service', Relation: ids.customer });
    await hours({ Date: '2026-11-16', StartTime: '08:00', EndTime: '10:30', WorkingTicket: ticket.AutoID });
    await hours({
      Date: '2026-11-16',
      StartTime: '11:00',
      EndTime: '12:00',
      WorkingTicket: ticket.AutoID,
      HourKind: ids.internal,
    });
    await create('articlerealizations', {
      WorkingTicket: ticket.AutoID,
      Product: ids.product,
      Warehouse: ids.warehouse,
      Quantity: 3,
    });
    const early = await admin('/mvc/workingtickets/RunAction', { Action: 'invoice', autoids: [ticket.AutoID] });
    expect(early.status).toBe(400);
    expect(early.body.Error).toContain('niet goedgekeurd');
    const approved = await admin('/mvc/workingtickets/save', {
      ...(await item('workingtickets', ticket.AutoID)),
      Status: await status('2'),
    });
    expect(approved.status).toBe(200);
    const made = await admin('/mvc/workingtickets/RunAction', { Action: 'invoice', autoids: [ticket.AutoID] });
    expect(made.body.Results[0].Error ?? null).toBeNull();
    expect(made.body).toMatchObject({ Succeeded: 1 });
    const invoice = made.body.Results[0].Open.AutoID;
    const lines = await admin('/mvc/invoicelines/GetFlexData', {
      pageSize: 10,
      dataFilter: { Invoice: invoice },
    });
    expect(lines.body.Data.map((r: Row) => [r.Descr, r.Quantity, r.Price]).sort()).toEqual([
      ['Luchtfilter', 3, 12.5],
      ['Normale uren', 2.5, 60],
    ]);
    expect(await item('invoices', invoice)).toMatchObject({
      WorkingTicket: ticket.AutoID,
      InvoiceRelation: ids.customer,
    });
    const twice = await admin('/mvc/workingtickets/RunAction', { Action: 'invoice', autoids: [ticket.AutoID] });
    expect(twice.status).toBe(400);
    expect(twice.body.Error).toBe(`Werkbon ${ticket.ID} is al gefactureerd.`);
    expect((await item('workingtickets', ticket.AutoID)).InvoiceCount).toBe(1);
    // A voided invoice leaves the ticket to be invoiced again.
    const voided = await admin('/mvc/invoices/ChangeStatus', {
      autoids: [invoice],
      Transition: 'void',
      Values: { VoidReason: ids.voidReason },
    });
    expect(voided.body).toMatchObject({ Succeeded: 1 });
    expect((await item('workingtickets', ticket.AutoID)).InvoiceCount).toBe(0);
    const again = await admin('/mvc/workingtickets/RunAction', { Action: 'invoice', autoids: [ticket.AutoID] });
    expect(again.body).toMatchObject({ Succeeded: 1 });
    ids.invoiced = ticket.AutoID;
  });

  it('books the articles out of stock through the stock log when processed, and then takes no more hours', async () => {
    const processed = await admin('/mvc/workingtickets/ChangeStatus', {
      autoids: [ids.invoiced],
      Transition: 'process',
      Values: {},
    });
    expect(processed.body).toMatchObject({ Succeeded: 1 });
    expect((await item('productwarehouses', ids.stock)).Stock).toBe(2);
    const log = await server.engine.pool.query(
      'SELECT fromstock, tostock, reason FROM stockmutations WHERE productwarehouse = $1',
      [ids.stock],
    );
    expect(log.rows.map((r) => [Number(r.fromstock), Number(r.tostock)])).toEqual([[5, 2]]);
    expect(log.rows[0].reason).toContain('Verwerken');
    const late = await hours({ Date: '2026-11-17', StartTime: '08:00', EndTime: '09:00', WorkingTicket: ids.invoiced });
    expect(late.status).toBe(400);
    expect(Object.keys(late.body.ModelState)).toEqual(['WorkingTicket']);
  });
});

describe('on a workflow item', () => {
  it('adds up the hours and article amounts booked on it or on its tickets', async () => {
    const item = await create('workflows', { ShortDescr: 'Storing', ReportedOn: '2026-11-23' });
    await hours({ Date: '2026-11-23', StartTime: '13:00', EndTime: '14:00', Workflow: item.AutoID });
    const ticket = await create('workingtickets', { ShortDescr: 'Voor het item', Workflow: item.AutoID });
    const booked = await hours({
      Date: '2026-11-23',
      StartTime: '14:00',
      EndTime: '14:30',
      WorkingTicket: ticket.AutoID,
    });
    // An hour registration of a ticket takes the ticket's workflow item.
    expect(booked.body.Workflow).toBe(item.AutoID);
    await create('articlerealizations', { Workflow: item.AutoID, Product: ids.product, Quantity: 1 });
    const totals = await admin('/mvc/workflows/GetItem', { autoid: item.AutoID });
    expect(totals.body).toMatchObject({ Hours: 1.5, ProductsAmount: 12.5 });
  });

  it('makes a working ticket of it and offers the ticket to open (create.open)', async () => {
    const reported = await create('workflows', { ShortDescr: 'Lekkage', ReportedOn: '2026-11-24' });
    const made = await admin('/mvc/workflows/RunAction', { Action: 'workingticket', autoids: [reported.AutoID] });
    expect(made.body).toMatchObject({ Succeeded: 1 });
    const open = made.body.Results[0].Open;
    expect(open.Table).toBe('workingtickets');
    expect(await item('workingtickets', open.AutoID)).toMatchObject({
      ShortDescr: 'Lekkage',
      Workflow: reported.AutoID,
    });
  });
});

describe('a user limited to their own tickets and hours', () => {
  it('sees only the tickets assigned to them and their own hours, on every path', async () => {
    const user = (
      await create('users', { Username: 'monteur', Password: 'Service-pass-1', PasswordRetype: 'Service-pass-1' })
    ).AutoID;
    await create('persons', { ...(await item('persons', ids.anna)), Relation: ids.customer, User: user });
    const group = (await create('securitygroups', { ID: 'MONTEURS', Descr: 'Monteurs' })).AutoID;
    await create('usergroups', { User: user, SecurityGroup: group });
    for (const grant of ['20.1:read', '20.1:update', '20.6:read', '20.6:create', '20.6:update'])
      await create('securitygrants', {
        SecurityGroup: group,
        RightCode: grant.split(':')[0],
        Action: grant.split(':')[1],
      });
    for (const TableName of ['workingtickets', 'hourregistrations'])
      await create('rowlimits', {
        SecurityGroup: group,
        TableName,
        FieldName: TableName === 'workingtickets' ? 'AssignedPerson' : 'Person',
        Kind: 'linked',
        Path: 'persons.User:AutoID',
      });
    const mine = await create('workingtickets', {
      ShortDescr: 'Mijn bon',
      AssignedTeam: ids.team,
      AssignedPerson: ids.anna,
    });
    const theirs = await create('workingtickets', { ShortDescr: 'Andermans bon' });
    await hours({
      Person: ids.bert,
      Date: '2026-11-20',
      StartTime: '08:00',
      EndTime: '09:00',
      WorkingTicket: theirs.AutoID,
    });
    const cookie = await signIn(server.app, 'monteur', 'Service-pass-1');

    const grid = await as(cookie, '/mvc/workingtickets/GetFlexData', { pageSize: 100 });
    expect(grid.body.Data.map((r: Row) => r.AutoID)).toContain(mine.AutoID);
    expect(grid.body.Data.map((r: Row) => r.ShortDescr)).not.toContain('Andermans bon');
    expect((await as(cookie, '/mvc/workingtickets/GetItem', { autoid: theirs.AutoID })).status).toBe(404);
    const lookup = await as(cookie, '/mvc/_lists/workingtickets', { searchKey: '', pageSize: 30 });
    expect(JSON.stringify(lookup.body)).not.toContain('Andermans bon');
    const seenHours = await as(cookie, '/mvc/hourregistrations/GetFlexData', { dataSet: 'all', pageSize: 100 });
    expect(seenHours.body.Data.length).toBeGreaterThan(0);
    expect(seenHours.body.Data.every((r: Row) => r.Person === ids.anna)).toBe(true);
    const own = await as(cookie, '/mvc/hourregistrations/GetFlexData', { dataSet: 'mine', pageSize: 100 });
    expect(own.body.Meta.Count).toBe(seenHours.body.Meta.Count);
    const onTheirs = await as(cookie, '/mvc/hourregistrations/save', {
      Person: ids.anna,
      Date: '2026-11-21',
      EnteredDuration: 1,
      WorkingTicket: theirs.AutoID,
    });
    expect(onTheirs.status).toBe(400);
    const forBert = await as(cookie, '/mvc/hourregistrations/save', {
      Person: ids.bert,
      Date: '2026-11-21',
      EnteredDuration: 1,
    });
    expect([400, 403]).toContain(forBert.status);
    const invoicing = await as(cookie, '/mvc/workingtickets/RunAction', { Action: 'invoice', autoids: [mine.AutoID] });
    expect(invoicing.status).toBe(403);
  });
});

describe('a user who may only read service work', () => {
  it('is told they lack the rights to change a ticket, an hour registration or a realization, and sees no status log without 20.2', async () => {
    const user = (
      await create('users', { Username: 'lezer', Password: 'Service-pass-1', PasswordRetype: 'Service-pass-1' })
    ).AutoID;
    const group = (await create('securitygroups', { ID: 'LEZERS', Descr: 'Lezers' })).AutoID;
    await create('usergroups', { User: user, SecurityGroup: group });
    for (const RightCode of ['20.1', '20.6', '20.7'])
      await create('securitygrants', { SecurityGroup: group, RightCode, Action: 'read' });
    const cookie = await signIn(server.app, 'lezer', 'Service-pass-1');
    const ticket = await as(cookie, '/mvc/workingtickets/GetItem', { autoid: ids.invoiced });
    expect(ticket.status).toBe(200);
    for (const [table, record] of [
      ['workingtickets', { ...ticket.body, ShortDescr: 'Gewijzigd' }],
      ['hourregistrations', { Person: ids.anna, Date: '2026-11-30', EnteredDuration: 1 }],
      ['articlerealizations', { Product: ids.product, Quantity: 1 }],
    ] as const) {
      const refused = await as(cookie, `/mvc/${table}/save`, record);
      expect(refused.status, table).toBe(403);
      expect(refused.body, table).toMatchObject({ Error: 'U beschikt niet over de juiste rechten' });
    }
    expect((await as(cookie, '/mvc/workingtickets/GetStatusLog', { autoid: ids.invoiced })).status).toBe(403);
  });
});

describe('without the module hours', () => {
  it('closes hour registrations and the hours per week on every path, and keeps working tickets', async () => {
    const closedServer = await startTestServer({
      config: { packsDir: PACKS_DIR, packs: ['base'], licenceModules: MODULE_CODES.filter((m) => m !== 'hours') },
    });
    try {
      const call = (url: string, body: unknown = {}) => post(closedServer.app, url, body);
      const grid = await call('/mvc/hourregistrations/GetFlexData');
      expect(grid.status).toBe(403);
      expect(grid.body).toMatchObject({ Code: 'MODULE_INACTIVE' });
      expect(grid.body.Error).toContain('Urenregistratie');
      expect((await call('/mvc/hourregistrations/save', { Date: '2026-11-30', EnteredDuration: 1 })).status).toBe(403);
      expect((await call('/mvc/_lists/hourregistrations')).status).toBe(403);
      const screens = (
        await closedServer.app.inject({
          method: 'GET',
          url: '/mvc/definitions/screens',
          headers: { cookie: await signIn(closedServer.app) },
        })
      ).json().Screens as { name: string }[];
      expect(screens.map((x) => x.name)).not.toContain('hourregistrations');
      expect(screens.map((x) => x.name)).not.toContain('hoursperweek');
      expect((await call('/mvc/workingtickets/GetFlexData')).status).toBe(200);
    } finally {
      await closedServer.close();
    }
  });
});
