// Projects on the base pack: a tree without cycles, dates in order, a status whose every change
// is logged, budget codes and teams as tabs, a dashboard of the project's orders and totals of its
// orders and invoices, and a user limited to their own projects who sees no other on any path.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, signIn, startTestServer, type TestServer } from './harness.ts';
import { type Row } from '../support/answers.ts';

const PACKS_DIR = path.resolve(import.meta.dirname, '..', '..', 'definitions', 'packs');

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

beforeAll(async () => {
  server = await startTestServer({ config: { packsDir: PACKS_DIR, packs: ['base'] } });
  await create('administrations', {
    ID: 'HQ',
    Descr: 'Hoofdkantoor',
    IsDefault: true,
    OrderPrefix: 'ORD-',
    OrderNextNumber: 1,
    OrderMinLength: 4,
  });
  ids.customer = (await create('relations', { ID: 'KLANT', Descr: 'Klant' })).AutoID;
  ids.started = (await create('projectstatuses', { ID: 'START', Descr: 'Gestart', IsDefault: true })).AutoID;
  ids.running = (await create('projectstatuses', { ID: 'LOOPT', Descr: 'In uitvoering' })).AutoID;
  ids.labour = (await create('budgetcodes', { ID: 'ARBEID', Descr: 'Arbeid', Type: 'hours' })).AutoID;
  ids.material = (await create('budgetcodes', { ID: 'MAT', Descr: 'Materiaal', Type: 'cost' })).AutoID;
  ids.team = (await create('teams', { ID: 'BOUW', Descr: 'Bouwteam' })).AutoID;
  ids.role = (await create('teamroles', { ID: 'LEIDER', Descr: 'Leider' })).AutoID;
  ids.main = (await create('projects', { ID: 'P-100', Descr: 'Nieuwbouw', StartDate: '2026-01-01' })).AutoID;
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('a project', () => {
  it('takes the default status and forms a tree that never loops, naming Parent', async () => {
    const child = await create('projects', { ID: 'P-110', Descr: 'Fundering', Parent: ids.main });
    expect(child.Status).toBe(ids.started);
    const grandchild = await create('projects', { ID: 'P-111', Descr: 'Heipalen', Parent: child.AutoID });
    const main = await item('projects', ids.main);
    const loop = await admin('/mvc/projects/save', { ...main, Parent: grandchild.AutoID });
    expect(loop.status).toBe(400);
    expect(loop.body.ModelState).toEqual({ Parent: ['Een project kan niet onder zichzelf vallen.'] });
    const self = await admin('/mvc/projects/save', { ...main, Parent: ids.main });
    expect(self.status).toBe(400);
    expect((await item('projects', ids.main)).Parent).toBeNull();
  });

  it('refuses an end date before its start, naming EndDate, and writes nothing', async () => {
    const bad = await admin('/mvc/projects/save', {
      ID: 'P-200',
      Descr: 'Achterstevoren',
      StartDate: '2026-06-01',
      EndDate: '2026-05-31',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.ModelState).toEqual({ EndDate: ['De einddatum ligt voor de startdatum.'] });
    const grid = await admin('/mvc/projects/GetFlexData', { searchExpressions: 'Achterstevoren', pageSize: 10 });
    expect(grid.body.Data).toEqual([]);
  });

  it('logs every change of its status', async () => {
    const main = await item('projects', ids.main);
    expect((await admin('/mvc/projects/save', { ...main, Status: ids.running })).status).toBe(200);
    const log = await admin('/mvc/projects/GetStatusLog', { autoid: ids.main });
    // Its creation gave it its first status; the save moved it on.
    expect(log.body.Data.map((r: Row) => [r.FromLabel ?? null, r.ToLabel])).toEqual(
      expect.arrayContaining([['Gestart', 'In uitvoering']]),
    );
    expect(log.body.Data).toHaveLength(2);
  });

  it('keeps its budget per code and its teams as child rows, budget added up', async () => {
    await create('projectbudgetcodes', { Project: ids.main, BudgetCode: ids.labour, Budget: 1500 });
    await create('projectbudgetcodes', { Project: ids.main, BudgetCode: ids.material, Budget: 2500.5 });
    const twice = await admin('/mvc/projectbudgetcodes/save', { Project: ids.main, BudgetCode: ids.labour });
    expect(twice.status).toBe(400);
    await create('projectteams', { Project: ids.main, Team: ids.team, Role: ids.role });
    const tab = await admin('/mvc/projectbudgetcodes/GetFlexData', {
      dataFilter: { Project: ids.main },
      pageSize: 10,
    });
    expect(tab.body.Data.map((r: Row) => Number(r.Budget))).toEqual([1500, 2500.5]);
    expect(Number((await item('projects', ids.main)).BudgetTotal)).toBe(4000.5);
    const teams = await admin('/mvc/projectteams/GetFlexData', { dataFilter: { Project: ids.main }, pageSize: 10 });
    expect(teams.body.Data.map((r: Row) => r.Team_Descr)).toEqual(['Bouwteam']);
  });

  it('counts its orders on its dashboard and its orders and invoices in its totals', async () => {
    for (const Descr of ['Eerste', 'Tweede'])
      await create('orders', { Descr, OrderDate: '2026-11-27', DeliverRelation: ids.customer, Project: ids.main });
    await create('orders', { Descr: 'Los', OrderDate: '2026-11-27', DeliverRelation: ids.customer });
    await create('invoices', {
      Descr: 'Termijn 1',
      InvoiceRelation: ids.customer,
      InvoiceDate: '2026-11-30',
      Project: ids.main,
    });
    const dashboard = await admin('/mvc/projects/GetDashboard', { autoid: ids.main, Tab: 'dashboard' });
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.ByGroup.reduce((n: number, g: { Count: number }) => n + g.Count, 0)).toBe(2);
    const totals = await item('projects', ids.main);
    expect(totals).toMatchObject({ OrderCount: 2, InvoiceCount: 1, PurchaseOrderCount: 0 });
    const byProject = await admin('/mvc/_lists/orders', {
      searchKey: '',
      pageSize: 30,
      ProjectID: ids.main,
    });
    expect(JSON.stringify(byProject.body)).not.toContain('Los');
  });
  it('passes its project on from an order to the invoice made of it', async () => {
    const status = (await create('productstatuses', { ID: 'ACTIEF', Descr: 'Actief' })).AutoID;
    const product = (await create('products', { ProductType: 'sale', ID: 'P-1', Descr: 'Bouwhek', Status: status }))
      .AutoID;
    const order = await create('orders', {
      Descr: 'Hekken voor de bouw',
      DeliverRelation: ids.customer,
      Project: ids.main,
    });
    const line = await create('orderlines', { Order: order.AutoID, Product: product, OrderQuantity: 2, Price: 50 });
    for (const Transition of ['submitOrder', 'supply'])
      expect((await admin('/mvc/orders/ChangeStatus', { autoids: [order.AutoID], Transition })).body).toMatchObject({
        Succeeded: 1,
      });
    // What the warehouse delivered (no call of the base pack records a delivery yet).
    await server.engine.pool.query('UPDATE orderlines SET deliveredquantity = 2 WHERE autoid = $1', [line.AutoID]);
    const made = await admin('/mvc/orders/RunAction', { Action: 'invoice', autoids: [order.AutoID] });
    expect(made.body).toMatchObject({ Succeeded: 1 });
    const invoice = await item('invoices', made.body.Results[0].Open.AutoID);
    expect(invoice).toMatchObject({ Project: ids.main, Project_Descr: 'Nieuwbouw' });
  });
});

describe('a user limited to the projects they lead', () => {
  it('sees no other project: not in the grid, by AutoID, in the lookup or as an invoice’s project', async () => {
    const user = (
      await create('users', { Username: 'leider', Password: 'Project-pass-1', PasswordRetype: 'Project-pass-1' })
    ).AutoID;
    const group = (await create('securitygroups', { ID: 'LEIDERS', Descr: 'Projectleiders' })).AutoID;
    await create('usergroups', { User: user, SecurityGroup: group });
    for (const grant of ['17.1:read', '17.1:update', '13.1:read', '13.10:read']) {
      const [RightCode, Action] = grant.split(':');
      await create('securitygrants', { SecurityGroup: group, RightCode, Action });
    }
    await create('rowlimits', { SecurityGroup: group, TableName: 'projects', FieldName: 'Manager', Kind: 'own' });
    const mine = await create('projects', { ID: 'P-300', Descr: 'Mijn project', Manager: user });
    const secret = await create('projects', { ID: 'P-301', Descr: 'Geheim project' });
    const invoice = await create('invoices', {
      Descr: 'Factuur van het geheime project',
      InvoiceRelation: ids.customer,
      InvoiceDate: '2026-11-30',
      Project: secret.AutoID,
    });
    const cookie = await signIn(server.app, 'leider', 'Project-pass-1');

    const grid = await as(cookie, '/mvc/projects/GetFlexData', { dataSet: 'all', pageSize: 100 });
    expect(grid.body.Data.map((r: Row) => r.AutoID)).toEqual([mine.AutoID]);
    expect(grid.body.Meta.Count).toBe(1);
    expect((await as(cookie, '/mvc/projects/GetItem', { autoid: secret.AutoID })).status).toBe(404);
    expect((await as(cookie, '/mvc/projects/GetItem', { autoid: ids.main })).status).toBe(404);
    const lookup = await as(cookie, '/mvc/_lists/projects', { searchKey: '', pageSize: 30 });
    expect(JSON.stringify(lookup.body)).toContain('Mijn project');
    expect(JSON.stringify(lookup.body)).not.toContain('Geheim project');
    const seen = await as(cookie, '/mvc/invoices/GetItem', { autoid: invoice.AutoID });
    expect(seen.status).toBe(200);
    expect(seen.body.Project_Descr ?? '').toBe('');
    const moved = await as(cookie, '/mvc/projects/save', { ...mine, Parent: secret.AutoID });
    expect(moved.status).toBe(400);
  });
});

describe('a user who may only read projects', () => {
  it('is told they lack the rights to change one, and without 17.2 and 17.3 sees neither its log nor its dashboard', async () => {
    const user = (
      await create('users', { Username: 'lezer', Password: 'Project-pass-1', PasswordRetype: 'Project-pass-1' })
    ).AutoID;
    const group = (await create('securitygroups', { ID: 'LEZERS', Descr: 'Projectlezers' })).AutoID;
    await create('usergroups', { User: user, SecurityGroup: group });
    await create('securitygrants', { SecurityGroup: group, RightCode: '17.1', Action: 'read' });
    const cookie = await signIn(server.app, 'lezer', 'Project-pass-1');
    const project = await as(cookie, '/mvc/projects/GetItem', { autoid: ids.main });
    expect(project.status).toBe(200);
    const changed = await as(cookie, '/mvc/projects/save', { ...project.body, Progress: 90 });
    expect(changed.status).toBe(403);
    expect(changed.body).toMatchObject({ Error: 'U beschikt niet over de juiste rechten' });
    expect((await item('projects', ids.main)).Progress).not.toBe(90);
    expect((await as(cookie, '/mvc/projects/GetStatusLog', { autoid: ids.main })).status).toBe(403);
    expect((await as(cookie, '/mvc/projects/GetDashboard', { autoid: ids.main, Tab: 'dashboard' })).status).toBe(403);
  });
});
