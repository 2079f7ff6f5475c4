// The life of an account against a real SMTP server: a request on /register (closed until terms
// are set; the same answer for a known name or address), approved by an administrator (a limited
// user may not) into a new, inactive user in the default group, activated by following the
// e-mailed link (once, with the password rules), refused with a reason by e-mail; a forgotten
// password recovered by an e-mailed link (the same answer for any address; every session of the
// user ended; a link used, expired or made up does nothing); the calls limited per address (429
// with Retry-After); the outbox never holds a working link.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeEmailConnections,
  emailTransport,
  readMailSettings,
  registerTransport,
  sendDue,
} from '../../server/messages/index.ts';
import { localSmtp, readMessage, type LocalSmtp } from '../support/smtp.ts';
import { post, signIn, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
let smtp: LocalSmtp;
let pool: pg.Pool;
let defaultGroup = 0;
let ip = 0;

/** A call without a session from an address of its own (each test has its own rate-limit count). */
async function anonymous(url: string, body: object, from: string) {
  const res = await server.app.inject({ method: 'POST', url, payload: body, remoteAddress: from });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null, headers: res.headers };
}
const nextAddress = () => `10.0.0.${++ip}`;

async function as(cookie: string, url: string, body: object = {}) {
  const res = await server.app.inject({ method: 'POST', url, payload: body, headers: { cookie } });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
}

async function create(table: string, record: Record<string, unknown>): Promise<number> {
  const res = await post(server.app, `/mvc/${table}/save`, record);
  if (res.status !== 200) throw new Error(`${table}: ${res.status} ${JSON.stringify(res.body)}`);
  return Number(res.body.AutoID);
}

/** Sends what is due and answers the e-mails that arrived for the address since `before`. */
async function mailsTo(address: string, before: number) {
  await sendDue(pool);
  return smtp.arrived.slice(before).filter((m) => m.to.includes(address));
}
const tokenIn = (raw: string) => {
  const html = readMessage(raw).html;
  const m = /#token=([A-Za-z0-9_-]+)/.exec(html);
  if (!m) throw new Error(`no link in ${html}`);
  return { token: m[1], html };
};

const requestOf = async (email: string) =>
  (await pool.query('SELECT * FROM newuserrequests WHERE email = $1 ORDER BY autoid DESC LIMIT 1', [email])).rows[0];

async function openRequests(terms: string) {
  await pool.query(
    'UPDATE securitysettings SET accountrequestsopen = true, accountrequestterms = $1, accountrequestgroup = $2',
    [terms, defaultGroup],
  );
}

const registration = (Username: string, Email: string) => ({
  Username,
  PersonName: `Mevr. ${Username}`,
  Email,
  Company: 'Klant BV',
  AcceptTerms: true,
});

beforeAll(async () => {
  smtp = await localSmtp();
  server = await startTestServer({ config: { workers: 0, publicUrl: 'https://app.example.test' } });
  pool = new pg.Pool({ connectionString: server.databaseUrl, max: 4 });
  await pool.query(
    `UPDATE mailserversettings SET host = '127.0.0.1', port = $1, usetls = false, senderaddress = 'noreply@example.test', testmode = false`,
    [smtp.port],
  );
  registerTransport('email', emailTransport({ settings: () => readMailSettings(pool) }));
  defaultGroup = await create('securitygroups', { ID: 'KLANT', Descr: 'Klanten' });
});

afterAll(async () => {
  closeEmailConnections();
  await pool?.end();
  await server?.close();
  await smtp?.close();
});

describe('requesting an account', () => {
  it('is closed until allowed with terms, which must not be empty', async () => {
    const from = nextAddress();
    const terms = await server.app.inject({ method: 'GET', url: '/mvc/account/registration', remoteAddress: from });
    expect(JSON.parse(terms.body)).toEqual({ Open: false, Terms: '' });
    const res = await anonymous('/mvc/account/register', registration('eva', 'eva@example.test'), from);
    expect(res.status).toBe(403);
    expect(await requestOf('eva@example.test')).toBeUndefined();

    const id = Number((await pool.query('SELECT autoid FROM securitysettings LIMIT 1')).rows[0].autoid);
    const item = (await post(server.app, '/mvc/securitysettings/GetItem', { autoid: id })).body;
    const save = await post(server.app, '/mvc/securitysettings/save', {
      AutoID: id,
      TimeStamp: item.TimeStamp,
      AccountRequestsOpen: true,
      AccountRequestTerms: '',
    });
    expect(save.status).toBe(400);
    expect(Object.keys(save.body.ModelState)).toContain('AccountRequestTerms');
  });

  it('answers the same for a new name and for one that exists, and files both for evaluation', async () => {
    await openRequests('U gaat akkoord met de voorwaarden.');
    const from = nextAddress();
    const terms = await server.app.inject({ method: 'GET', url: '/mvc/account/registration', remoteAddress: from });
    expect(JSON.parse(terms.body)).toEqual({ Open: true, Terms: 'U gaat akkoord met de voorwaarden.' });
    const fresh = await anonymous('/mvc/account/register', registration('nieuw', 'nieuw@example.test'), from);
    const known = await anonymous('/mvc/account/register', registration('admin', 'admin@example.test'), from);
    expect(fresh).toMatchObject({ status: 200, body: {} });
    expect(known.status).toBe(fresh.status);
    expect(known.body).toEqual(fresh.body);
    const row = await requestOf('nieuw@example.test');
    expect(row).toMatchObject({ username: 'nieuw', status: '0', company: 'Klant BV' });
  });

  it('refuses a request without accepted terms, a bad address or a field of its own, and writes nothing', async () => {
    const from = nextAddress();
    const noTerms = await anonymous(
      '/mvc/account/register',
      { ...registration('x1', 'x1@example.test'), AcceptTerms: false },
      from,
    );
    expect(noTerms.status).toBe(400);
    expect(Object.keys(noTerms.body.ModelState)).toEqual(['AcceptTerms']);
    const badMail = await anonymous('/mvc/account/register', registration('x2', 'not-an-address'), from);
    expect(badMail.status).toBe(400);
    expect(Object.keys(badMail.body.ModelState)).toEqual(['Email']);
    const extra = await anonymous(
      '/mvc/account/register',
      { ...registration('x3', 'x3@example.test'), Status: '3' },
      from,
    );
    expect(extra.status).toBe(400);
    const count = await pool.query(
      `SELECT count(*)::int AS n FROM newuserrequests WHERE username IN ('x1', 'x2', 'x3')`,
    );
    expect(count.rows[0].n).toBe(0);
  });

  it('is limited per address: the sixth request in ten minutes answers 429 with Retry-After', async () => {
    const from = nextAddress();
    for (let i = 0; i < 5; i++)
      expect(
        (await anonymous('/mvc/account/register', registration(`rl${i}`, `rl${i}@example.test`), from)).status,
      ).toBe(200);
    const sixth = await anonymous('/mvc/account/register', registration('rl5', 'rl5@example.test'), from);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(await requestOf('rl5@example.test')).toBeUndefined();
    // Another address is not held up by it.
    expect(
      (await anonymous('/mvc/account/register', registration('rl6', 'rl6@example.test'), nextAddress())).status,
    ).toBe(200);
  });
});

describe('evaluating and activating', () => {
  it('a user without right 12.30 can neither read nor approve requests', async () => {
    const userId = await create('users', {
      Username: 'medewerker',
      Password: 'Werk-pass-1',
      PasswordRetype: 'Werk-pass-1',
    });
    const group = await create('securitygroups', { ID: 'MEDEW', Descr: 'Medewerkers' });
    await create('usergroups', { User: userId, SecurityGroup: group });
    await create('securitygrants', { SecurityGroup: group, RightCode: '12.3', Action: 'read' });
    const cookie = await signIn(server.app, 'medewerker', 'Werk-pass-1');
    const row = await requestOf('nieuw@example.test');
    const read = await as(cookie, '/mvc/newuserrequests/GetItem', { autoid: row.autoid });
    expect(read.status).toBe(403);
    const approve = await as(cookie, '/mvc/newuserrequests/RunAction', {
      Action: 'approveUserRequest',
      autoids: [row.autoid],
      Values: {},
    });
    expect(approve.status).toBe(403);
    expect((await requestOf('nieuw@example.test')).status).toBe('0');
  });

  it('approving makes an inactive user in the default group who activates once from the e-mail, then signs in', async () => {
    const row = await requestOf('nieuw@example.test');
    const before = smtp.arrived.length;
    const res = await post(server.app, '/mvc/newuserrequests/RunAction', {
      Action: 'approveUserRequest',
      autoids: [row.autoid],
      Values: {},
    });
    expect(res.status).toBe(200);
    expect(res.body.Results[0].Result).toBe('SUCCESS');
    const approved = await requestOf('nieuw@example.test');
    expect(approved).toMatchObject({ status: '3', accountrequest: '0', evaluatedby: 'admin' });
    const user = (await pool.query('SELECT * FROM users WHERE username = $1', ['nieuw'])).rows[0];
    expect(user).toMatchObject({ activated: false, email: 'nieuw@example.test', password: null });
    const member = await pool.query('SELECT 1 FROM usergroups WHERE "user" = $1 AND securitygroup = $2', [
      user.autoid,
      defaultGroup,
    ]);
    expect(member.rowCount).toBe(1);
    // Not usable before it is activated.
    expect((await anonymous('/mvc/account/login', { username: 'nieuw', password: 'x' }, nextAddress())).status).toBe(
      400,
    );

    const [mail] = await mailsTo('nieuw@example.test', before);
    const { token, html } = tokenIn(mail.raw);
    expect(html).toContain('https://app.example.test/useractivation#token=');
    expect(readMessage(mail.raw).header('Subject')).toBe('Activeer uw account');
    // The outbox keeps the link sealed: no administrator of the outbox can use it.
    const stored = await pool.query(
      'SELECT payload::text AS p FROM outboxmessages WHERE sourcetable = $1 AND sourceid = $2',
      ['newuserrequests', row.autoid],
    );
    expect(stored.rows[0].p).not.toContain(token);

    const from = nextAddress();
    expect((await anonymous('/mvc/account/checklink', { Token: token, Purpose: 'activation' }, from)).body).toEqual({
      Usable: true,
    });
    expect((await anonymous('/mvc/account/checklink', { Token: token, Purpose: 'recovery' }, from)).body).toEqual({
      Usable: false,
    });
    const weak = await anonymous(
      '/mvc/account/activate',
      { Token: token, Password: 'kort', PasswordRetype: 'kort' },
      from,
    );
    expect(weak.status).toBe(400);
    expect(Object.keys(weak.body.ModelState)).toEqual(['Password']);
    const good = { Token: token, Password: 'Nieuw-pass-1', PasswordRetype: 'Nieuw-pass-1' };
    expect((await anonymous('/mvc/account/activate', good, from)).status).toBe(200);
    expect(await signIn(server.app, 'nieuw', 'Nieuw-pass-1')).toMatch(/^session=/);
    expect((await requestOf('nieuw@example.test')).accountrequest).toBe('2');

    const again = await anonymous(
      '/mvc/account/activate',
      { ...good, Password: 'Ander-pass-2', PasswordRetype: 'Ander-pass-2' },
      from,
    );
    expect(again.status).toBe(400);
    expect(Object.keys(again.body.ModelState)).toEqual(['Token']);
    expect(await signIn(server.app, 'nieuw', 'Nieuw-pass-1')).toMatch(/^session=/);
  });

  it('an evaluated request cannot be evaluated again', async () => {
    const row = await requestOf('nieuw@example.test');
    const res = await post(server.app, '/mvc/newuserrequests/RunAction', {
      Action: 'refuseUserRequest',
      autoids: [row.autoid],
      Values: { Reason: 'x' },
    });
    expect(res.body.Results[0].Result).toBe('FAILED');
    expect((await requestOf('nieuw@example.test')).status).toBe('3');
  });

  it('refusing needs a reason, which the requester is told by e-mail; no user is made', async () => {
    const row = (await pool.query(`SELECT autoid FROM newuserrequests WHERE username = 'admin'`)).rows[0];
    const noReason = await post(server.app, '/mvc/newuserrequests/RunAction', {
      Action: 'refuseUserRequest',
      autoids: [row.autoid],
      Values: {},
    });
    expect(noReason.status).toBe(400);
    const before = smtp.arrived.length;
    const res = await post(server.app, '/mvc/newuserrequests/RunAction', {
      Action: 'refuseUserRequest',
      autoids: [row.autoid],
      Values: { Reason: 'Onbekende klant <b>' },
    });
    expect(res.body.Results[0].Result).toBe('SUCCESS');
    expect(await requestOf('admin@example.test')).toMatchObject({ status: '1', reason: 'Onbekende klant <b>' });
    const [mail] = await mailsTo('admin@example.test', before);
    expect(readMessage(mail.raw).html).toContain('Onbekende klant &lt;b&gt;');
    expect((await pool.query(`SELECT count(*)::int AS n FROM users WHERE lower(username) = 'admin'`)).rows[0].n).toBe(
      1,
    );
  });
});

describe('recovering a password', () => {
  it('answers the same for an unknown address and a known one; only the known one gets a link', async () => {
    const from = nextAddress();
    const before = smtp.arrived.length;
    const unknown = await anonymous('/mvc/account/recover', { Email: 'niemand@example.test' }, from);
    const known = await anonymous('/mvc/account/recover', { Email: 'NIEUW@example.test' }, from);
    expect(unknown).toMatchObject({ status: 200, body: {} });
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(await mailsTo('niemand@example.test', before)).toHaveLength(0);
    expect(await mailsTo('nieuw@example.test', before)).toHaveLength(1);
  });

  it('a new password from the link ends every session of the user; the link works once', async () => {
    const session = await signIn(server.app, 'nieuw', 'Nieuw-pass-1');
    const current = () =>
      server.app.inject({ method: 'GET', url: '/mvc/user/getcurrentuser', headers: { cookie: session } });
    expect((await current()).statusCode).toBe(200);
    const before = smtp.arrived.length;
    const from = nextAddress();
    await anonymous('/mvc/account/recover', { Email: 'nieuw@example.test' }, from);
    const [mail] = await mailsTo('nieuw@example.test', before);
    const { token, html } = tokenIn(mail.raw);
    expect(html).toContain('https://app.example.test/passwordrecovery#token=');
    // An activation call cannot use a recovery link.
    expect(
      (
        await anonymous(
          '/mvc/account/activate',
          { Token: token, Password: 'Herst-pass-1', PasswordRetype: 'Herst-pass-1' },
          from,
        )
      ).status,
    ).toBe(400);
    const reset = { Token: token, Password: 'Herst-pass-1', PasswordRetype: 'Herst-pass-1' };
    expect((await anonymous('/mvc/account/resetpassword', reset, from)).status).toBe(200);
    const after = await server.app.inject({
      method: 'GET',
      url: '/mvc/user/getcurrentuser',
      headers: { cookie: session },
    });
    expect(after.statusCode).toBe(403);
    expect((await anonymous('/mvc/account/login', { username: 'nieuw', password: 'Nieuw-pass-1' }, from)).status).toBe(
      400,
    );
    expect(await signIn(server.app, 'nieuw', 'Herst-pass-1')).toMatch(/^session=/);
    const replay = await anonymous(
      '/mvc/account/resetpassword',
      { ...reset, Password: 'Weer-pass-2', PasswordRetype: 'Weer-pass-2' },
      from,
    );
    expect(replay.status).toBe(400);
  });

  it('an expired link, a made-up token and an older link replaced by a newer one do nothing', async () => {
    const from = nextAddress();
    const before = smtp.arrived.length;
    await anonymous('/mvc/account/recover', { Email: 'nieuw@example.test' }, from);
    await anonymous('/mvc/account/recover', { Email: 'nieuw@example.test' }, from);
    const [first, second] = (await mailsTo('nieuw@example.test', before)).map((m) => tokenIn(m.raw).token);
    const body = (Token: string) => ({ Token, Password: 'Fout-pass-9', PasswordRetype: 'Fout-pass-9' });
    expect((await anonymous('/mvc/account/resetpassword', body(first), from)).status).toBe(400);
    await pool.query(`UPDATE core_account_link SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`);
    expect((await anonymous('/mvc/account/resetpassword', body(second), from)).status).toBe(400);
    expect((await anonymous('/mvc/account/resetpassword', body('A'.repeat(43)), from)).status).toBe(400);
    expect(await signIn(server.app, 'nieuw', 'Herst-pass-1')).toMatch(/^session=/);
  });

  it('is limited per address (429 with Retry-After) and the table holds no token', async () => {
    const from = nextAddress();
    for (let i = 0; i < 5; i++) await anonymous('/mvc/account/recover', { Email: `x${i}@example.test` }, from);
    const sixth = await anonymous('/mvc/account/recover', { Email: 'nieuw@example.test' }, from);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    const ids = (await pool.query('SELECT id FROM core_account_link')).rows.map((r) => String(r.id));
    expect(ids.every((id) => /^[0-9a-f]{64}$/.test(id))).toBe(true);
  });
});

describe('the system role (spec 3 §3)', () => {
  it('a user with the view role reads what their groups allow and can change nothing', async () => {
    const userId = await create('users', {
      Username: 'inzage',
      Password: 'Inzage-pass-1',
      PasswordRetype: 'Inzage-pass-1',
      SystemRole: 'view',
    });
    const group = await create('securitygroups', { ID: 'BEHEER', Descr: 'Groepsbeheer' });
    await create('usergroups', { User: userId, SecurityGroup: group });
    for (const Action of ['read', 'create', 'update'])
      await create('securitygrants', { SecurityGroup: group, RightCode: '12.4', Action });
    const cookie = await signIn(server.app, 'inzage', 'Inzage-pass-1');
    expect((await as(cookie, '/mvc/securitygroups/GetItem', { autoid: group })).status).toBe(200);
    const save = await as(cookie, '/mvc/securitygroups/save', { ID: 'NIEUW', Descr: 'Mag niet' });
    expect(save.status).toBe(403);
    expect((await pool.query(`SELECT count(*)::int AS n FROM securitygroups WHERE id = 'NIEUW'`)).rows[0].n).toBe(0);
    // The same grants with the edit role may.
    const item = (await post(server.app, '/mvc/users/GetItem', { autoid: userId })).body;
    await post(server.app, '/mvc/users/save', { AutoID: userId, TimeStamp: item.TimeStamp, SystemRole: 'edit' });
    const again = await signIn(server.app, 'inzage', 'Inzage-pass-1');
    expect((await as(again, '/mvc/securitygroups/save', { ID: 'NIEUW', Descr: 'Mag wel' })).status).toBe(200);
  });
});
