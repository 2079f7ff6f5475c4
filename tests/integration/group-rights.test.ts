// A security group's screen shows its grants as a matrix (every right of the catalogue by name,
// in the user's language, with the screens it guards, beside the group's grant rows as the user
// may read them) and the row limits under it that name nothing valid, by the explain call's check.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, post, signIn, startTestServer, type TestServer } from './harness.ts';

const PASSWORD = 'Matrix-pass-1';

let server: TestServer;
let group: number;

/** A call as another user (a session cookie) or the administrator, in a language. */
async function as(cookie: string | null, url: string, body: object, culture?: string) {
  const cookies = [cookie ?? authHeaders(server.app).cookie, culture ? `Culture=${culture}` : '']
    .filter(Boolean)
    .join('; ');
  const res = await server.app.inject({
    method: 'POST',
    url,
    payload: body,
    headers: { 'content-type': 'application/json', cookie: cookies },
  });
  return { status: res.statusCode, body: res.body ? res.json() : null };
}

/** A signed-in user in a new group with these grants. */
async function user(name: string, grants: [string, string][]): Promise<string> {
  const own = (await post(server.app, '/mvc/securitygroups/save', { ID: name, Descr: name })).body.AutoID;
  for (const [RightCode, Action] of grants)
    expect((await post(server.app, '/mvc/securitygrants/save', { SecurityGroup: own, RightCode, Action })).status).toBe(
      200,
    );
  const id = (
    await post(server.app, '/mvc/users/save', {
      Username: name,
      PersonName: name,
      Password: PASSWORD,
      PasswordRetype: PASSWORD,
    })
  ).body.AutoID;
  await post(server.app, '/mvc/usergroups/save', { User: id, SecurityGroup: own });
  return signIn(server.app, name, PASSWORD);
}

const matrix = (cookie: string | null = null, culture?: string) =>
  as(cookie, '/mvc/securitygroups/GetRightsMatrix', { autoid: group, Tab: 'matrix' }, culture);

beforeAll(async () => {
  server = await startTestServer();
  group = (await post(server.app, '/mvc/securitygroups/save', { ID: 'matrix', Descr: 'Matrix' })).body.AutoID;
  await post(server.app, '/mvc/securitygrants/save', { SecurityGroup: group, RightCode: '12.3', Action: 'read' });
  await post(server.app, '/mvc/securitygrants/save', {
    SecurityGroup: group,
    RightCode: '12.3',
    Action: 'delete',
    Grant: false,
  });
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('the rights matrix of a group', () => {
  it("answers every right by name with the screens it guards, and the group's grants", async () => {
    const answer = await matrix();
    expect(answer.status).toBe(200);
    const groups = answer.body.Rights.find((r: { Code: string }) => r.Code === '12.4');
    expect(groups).toMatchObject({
      Name: 'Beveiligingsgroepen beheren',
      Actions: ['read', 'update', 'create', 'delete'],
      Parent: 'admin',
      Area: 'screens',
    });
    expect(groups.Uses).toContain('Beveiligingsgroepen');
    expect(answer.body.Rights.length).toBeGreaterThan(5);
    expect(
      answer.body.Grants.map((g: { Right: string; Action: string; Grant: boolean }) => [g.Right, g.Action, g.Grant]),
    ).toEqual([
      ['12.3', 'read', true],
      ['12.3', 'delete', false],
    ]);
    expect(answer.body).toMatchObject({ CanCreate: true, CanUpdate: true, CanDelete: true });

    const english = await matrix(null, 'en');
    expect(english.body.Rights.find((r: { Code: string }) => r.Code === '12.4')).toMatchObject({
      Name: 'Manage security groups',
    });
  });

  it('is read-only for a user who may read the grants but not change them, and closed to others', async () => {
    const reader = await user('matrixreader', [['12.4', 'read']]);
    const read = await matrix(reader);
    expect(read.status).toBe(200);
    expect(read.body.Grants).toHaveLength(2);
    expect(read.body).toMatchObject({ CanCreate: false, CanUpdate: false, CanDelete: false });
    // And the grant table's own save refuses such a user, whatever a client shows.
    expect(
      (await as(reader, '/mvc/securitygrants/save', { SecurityGroup: group, RightCode: '12.4', Action: 'read' }))
        .status,
    ).toBe(403);

    const stranger = await user('matrixstranger', [['12.3', 'read']]);
    expect((await matrix(stranger)).status).toBe(403);
  });

  it('refuses a tab that is no rights matrix', async () => {
    expect((await as(null, '/mvc/securitygroups/GetRightsMatrix', { autoid: group, Tab: 'grants' }, 'nl')).status).toBe(
      400,
    );
  });
});

describe('row limits of a group that name nothing valid', () => {
  it("lists each, by the explain call's check, in the user's language", async () => {
    const db = server.engine.pool;
    const own = await post(server.app, '/mvc/securitygroups/save', { ID: 'limited', Descr: 'Beperkt' });
    // Limits stored before their names were checked (or whose table went away since).
    await db.query(
      `INSERT INTO rowlimits (securitygroup, tablename, fieldname, kind) VALUES ($1, 'Verdwenen', 'Veld', 'own'), ($1, 'users', 'Username', 'value')`,
      [own.body.AutoID],
    );
    const sound = await post(server.app, '/mvc/rowlimits/save', {
      SecurityGroup: own.body.AutoID,
      TableName: 'users',
      FieldName: 'AutoID',
      Kind: 'own',
    });
    expect(sound.status, JSON.stringify(sound.body)).toBe(200);

    const problems = await as(null, '/mvc/securitygroups/GetRowLimitProblems', { autoid: own.body.AutoID }, 'nl');
    expect(problems.status).toBe(200);
    expect(problems.body.Problems.map((p: { Table: string; Problem: string }) => [p.Table, p.Problem])).toEqual([
      ['Verdwenen', 'De tabel Verdwenen bestaat niet in de definities: deze rijbeperking beperkt niets.'],
      ['users', "De waarde '' past niet bij veld Username: deze rijbeperking laat geen enkele rij toe."],
    ]);
    const english = await as(null, '/mvc/securitygroups/GetRowLimitProblems', { autoid: own.body.AutoID }, 'en');
    expect(english.body.Problems[0].Problem).toBe(
      'Table Verdwenen is not in the definitions: this row limit limits nothing.',
    );
    // A group whose limits are sound has none.
    expect((await post(server.app, '/mvc/securitygroups/GetRowLimitProblems', { autoid: group })).body).toEqual({
      Problems: [],
    });
  });
});

describe('a right that requires another (9.3 requires 9.4 in the test catalogue)', () => {
  const grantsOf = async (id: number) =>
    (
      await server.engine.pool.query<{ rightcode: string; action: string }>(
        'SELECT rightcode, action FROM securitygrants WHERE securitygroup = $1 ORDER BY rightcode, action',
        [id],
      )
    ).rows.map((r) => `${r.rightcode}|${r.action}`);
  const saveGrants = (id: number, Changes: object[], cookie: string | null = null) =>
    as(cookie, '/mvc/securitygroups/SaveGrants', { autoid: id, Tab: 'matrix', Changes }, 'nl');
  const may = async (cookie: string, ID: string, Action: string) =>
    (await as(cookie, '/mvc/security/getauthorization', [{ ID, Action }])).body[0].Grant as boolean;

  it('refuses grants that hold it without what it requires, on every write, and writes nothing', async () => {
    const own = (await post(server.app, '/mvc/securitygroups/save', { ID: 'werkbon', Descr: 'Werkbon' })).body.AutoID;
    const alone = await post(server.app, '/mvc/securitygrants/save', {
      SecurityGroup: own,
      RightCode: '9.3',
      Action: 'execute',
    });
    expect(alone.status).toBe(400);
    expect(alone.body.ModelState).toEqual({ RightCode: ['Recht 9.3 geldt alleen samen met 9.4: ken ze samen toe.'] });
    expect(alone.body.TranslationModelState.ModelState.RightCode[0].Key).toBe('validation.rights_together');
    expect(await grantsOf(own)).toEqual([]);

    // The matrix changes the set in one call; the answer is the matrix as it then is.
    const both = await saveGrants(own, [
      { Right: '9.3', Action: 'execute', Grant: true },
      { Right: '9.4', Action: 'read', Grant: true },
    ]);
    expect(both.status, JSON.stringify(both.body)).toBe(200);
    expect(both.body.Rights.find((r: { Code: string }) => r.Code === '9.3').Requires).toEqual(['9.4']);
    expect(both.body.Rights.find((r: { Code: string }) => r.Code === '9.4').Requires).toEqual([]);
    expect(both.body.Grants.map((g: { Right: string }) => g.Right).sort()).toEqual(['9.3', '9.4']);

    // Taking the required right away alone: refused, both stay.
    const row = (
      await server.engine.pool.query<{ autoid: string }>(
        `SELECT autoid FROM securitygrants WHERE securitygroup = $1 AND rightcode = '9.4'`,
        [own],
      )
    ).rows[0];
    expect((await post(server.app, '/mvc/securitygrants/delete', { autoid: Number(row.autoid) })).status).toBe(400);
    const denied = await saveGrants(own, [{ Right: '9.4', Action: 'read', Grant: false }]);
    expect(denied.status).toBe(400);
    expect(await grantsOf(own)).toEqual(['9.3|execute', '9.4|read']);

    // The required right goes alone with what requires it.
    const required = await saveGrants(own, [
      { Right: '9.3', Action: 'execute', Grant: null },
      { Right: '9.4', Action: 'read', Grant: null },
      { Right: '9.4', Action: 'update', Grant: true },
    ]);
    expect(required.status).toBe(200);
    expect(await grantsOf(own)).toEqual(['9.4|update']);
    const cleared = await saveGrants(own, [{ Right: '9.4', Action: 'update', Grant: null }]);
    expect(cleared.status).toBe(200);
    expect(await grantsOf(own)).toEqual([]);
  });

  it('holds it only with what it requires, however the grants got there', async () => {
    await user('werkbonner', []);
    const own = Number(
      (await server.engine.pool.query<{ autoid: string }>(`SELECT autoid FROM securitygroups WHERE id = 'werkbonner'`))
        .rows[0].autoid,
    );
    // A lone grant stored past the check (an older installation, a hand-made row) holds nothing.
    await server.engine.pool.query(
      `INSERT INTO securitygrants (securitygroup, rightcode, action) VALUES ($1, '9.3', 'execute')`,
      [own],
    );
    const fresh = await signIn(server.app, 'werkbonner', PASSWORD);
    expect(await may(fresh, '9.3', 'execute')).toBe(false);
    const explained = await server.app.inject({
      method: 'GET',
      url: '/mvc/security/explain?username=werkbonner&right=9.3&action=execute',
      headers: { cookie: authHeaders(server.app).cookie },
    });
    expect(explained.json()).toMatchObject({ Allowed: false });
    expect(explained.json().Reason).toContain('it requires 9.4, which no group grants');

    expect((await saveGrants(own, [{ Right: '9.4', Action: 'update', Grant: true }])).status).toBe(200);
    const whole = await signIn(server.app, 'werkbonner', PASSWORD);
    expect(await may(whole, '9.3', 'execute')).toBe(true);
    expect(await may(whole, '9.4', 'update')).toBe(true);
    expect(await may(whole, '9.4', 'read')).toBe(false);
  });

  it('takes a change of cells only from who may change grants, of rights the catalogue has, at most 500', async () => {
    const reader = await user('matrixreader2', [['12.4', 'read']]);
    expect((await saveGrants(group, [{ Right: '9.1', Action: 'read', Grant: true }], reader)).status).toBe(403);
    const unknown = await saveGrants(group, [{ Right: '99.9', Action: 'read', Grant: true }]);
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body.ModelState)).toEqual(['Changes[0]']);
    const absent = await saveGrants(group, [{ Right: '9.3', Action: 'read', Grant: true }]);
    expect(absent.status).toBe(400);
    const many = Array.from({ length: 501 }, () => ({ Right: '9.1', Action: 'read', Grant: true }));
    expect((await saveGrants(group, many)).status).toBe(400);
    expect(await grantsOf(group)).toEqual(['12.3|delete', '12.3|read']);
  });
});
