// The outbox against a real SMTP server on a loopback port: what a committed change queues arrives
// (subject, body, attachment, names outside ASCII), what a rolled-back one queued never exists;
// test mode generates without sending; ignore, reset and resend keep their rules; failures are
// tried again after a wait and fail for good after the last attempt; a row stuck in processing
// becomes a visible time-out; two senders send each message once; a sender killed mid-batch loses
// nothing and doubles nothing silently.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeEmailConnections,
  emailTransport,
  enqueueMessage,
  MESSAGE_STATUS,
  principalOfUser,
  readMailSettings,
  registerTransport,
  renderTemplate,
  sendDue,
  type EmailPayload,
} from '../../server/messages/index.ts';
import { localSmtp, readMessage, type LocalSmtp } from '../support/smtp.ts';
import { post, startTestServer, type TestServer } from './harness.ts';
import { SYSTEM_PRINCIPAL } from '../../server/security/index.ts';
import { outboxSend } from '../../server/jobs/outbox-send.ts';
import type { JobContext, KindQueue } from '../../server/jobs/context.ts';

let server: TestServer;
let smtp: LocalSmtp;
let pool: pg.Pool;

const S = MESSAGE_STATUS;

interface Row {
  autoid: number;
  status: string;
  attempts: number;
  errorreason: string | null;
  messagekey: string;
  testmode: boolean;
  ignored: boolean;
  sentat: string | null;
  future: boolean;
}

const rowOf = async (id: number): Promise<Row> =>
  (
    await pool.query<Row>(
      `SELECT autoid, status, attempts, errorreason, messagekey, testmode, ignored, sentat, executeat > now() AS future FROM outboxmessages WHERE autoid = $1`,
      [id],
    )
  ).rows[0];

/** Queues a message in a transaction of its own that commits (or rolls back). */
async function queue(payload: EmailPayload, commit = true): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const id = await enqueueMessage(client, { kind: 'email', payload });
    await client.query(commit ? 'COMMIT' : 'ROLLBACK');
    return id;
  } finally {
    client.release();
  }
}

const arrivedFor = (key: string) => smtp.arrived.filter((m) => m.raw.includes(`<${key}>`));
const settings = (sql: string, values: unknown[] = []) => pool.query(`UPDATE mailserversettings SET ${sql}`, values);
/** A transition on messages through the API: answers whether every one took it, and the first refusal. */
async function change(ids: number[], Transition: string): Promise<{ done: boolean; error: string }> {
  const res = await post(server.app, '/mvc/outboxmessages/ChangeStatus', { autoids: ids, Transition, Values: {} });
  const results: { Result: string; Error?: string }[] = res.status === 200 ? res.body.Results : [];
  const failed = results.find((r) => r.Result !== 'SUCCESS');
  return {
    done: res.status === 200 && !failed,
    error: failed?.Error ?? (res.status === 200 ? '' : JSON.stringify(res.body)),
  };
}

beforeAll(async () => {
  smtp = await localSmtp();
  server = await startTestServer({ config: { workers: 0, packs: ['testbase', 'testcustomer', 'testmessages'] } });
  pool = new pg.Pool({ connectionString: server.databaseUrl, max: 8 });
  await settings(
    `host = '127.0.0.1', port = $1, usetls = false, senderaddress = 'noreply@example.test', sendername = 'Bedrijf', maxattempts = 2, retryminutes = 1, testmode = false`,
    [smtp.port],
  );
  registerTransport('email', emailTransport({ settings: () => readMailSettings(pool) }));
});

afterAll(async () => {
  closeEmailConnections();
  await pool?.end();
  await server?.close();
  await smtp?.close();
});

describe('sending', () => {
  it('delivers subject, body, attachment and names outside ASCII, with the message key as Message-ID', async () => {
    const id = await queue({
      to: ['Zoë Ørsted <zoe@example.test>'],
      subject: 'Bevestiging order 1001 — één stap verder',
      text: 'Geachte heer Müller,\nuw order is bevestigd.',
      html: '<p>Geachte heer Müller,</p>',
      from: { address: 'verkoop@example.test', name: 'Jörg Überbau' },
      attachments: [
        {
          filename: 'offerte-ä.txt',
          contentType: 'text/plain',
          contentBase64: Buffer.from('regel één').toString('base64'),
        },
      ],
    });
    const counts = await sendDue(pool);
    expect(counts.succeeded).toBe(1);
    const row = await rowOf(id);
    expect(row.status).toBe(String(S.Succeeded));
    expect(row.sentat).not.toBeNull();
    const [m] = arrivedFor(row.messagekey);
    expect(m.to).toEqual(['zoe@example.test']);
    const read = readMessage(m.raw);
    expect(read.header('Subject')).toBe('Bevestiging order 1001 — één stap verder');
    expect(read.header('From')).toContain('Jörg Überbau');
    expect(read.header('To')).toContain('Zoë Ørsted');
    expect(read.header('Message-ID')).toBe(`<${row.messagekey}>`);
    expect(read.text).toContain('uw order is bevestigd.');
    expect(read.text).toContain('Müller');
    expect(read.html).toContain('<p>Geachte heer Müller,</p>');
    expect(read.attachments).toHaveLength(1);
    expect(read.attachments[0].filename).toBe('offerte-ä.txt');
    expect(read.attachments[0].content.toString('utf8')).toBe('regel één');
  });

  it('takes the sender of the settings when the message names none', async () => {
    const id = await queue({ to: ['a@example.test'], subject: 'Zonder afzender', text: 'x' });
    await sendDue(pool);
    const [m] = arrivedFor((await rowOf(id)).messagekey);
    expect(m.from).toBe('noreply@example.test');
    expect(readMessage(m.raw).header('From')).toContain('Bedrijf');
  });

  it('queues nothing when the transaction rolls back', async () => {
    const before = (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM outboxmessages')).rows[0].n;
    const arrived = smtp.arrived.length;
    const id = await queue({ to: ['b@example.test'], subject: 'Teruggedraaid', text: 'x' }, false);
    await sendDue(pool);
    expect(await rowOf(id)).toBeUndefined();
    expect((await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM outboxmessages')).rows[0].n).toBe(before);
    expect(smtp.arrived.length).toBe(arrived);
  });

  it('refuses a line break in a subject, an address or a sender name', async () => {
    for (const payload of [
      { to: ['c@example.test'], subject: 'Hallo\r\nBcc: victim@example.test', text: 'x' },
      { to: ['c@example.test\nBcc: victim@example.test'], subject: 'Hallo', text: 'x' },
      { to: ['c@example.test'], subject: 'Hallo', text: 'x', from: { address: 'a@example.test', name: 'A\rB' } },
    ])
      await expect(queue(payload)).rejects.toThrow(/regeleinde/);
  });
});

describe('test mode', () => {
  it('generates without sending; resend with test mode off sends it', async () => {
    await settings('testmode = true');
    const id = await queue({ to: ['d@example.test'], subject: 'Testmodus', text: 'x' });
    await sendDue(pool);
    const row = await rowOf(id);
    expect(row.status).toBe(String(S.Skipped));
    expect(row.testmode).toBe(true);
    expect(arrivedFor(row.messagekey)).toHaveLength(0);
    await settings('testmode = false');
    expect((await change([id], 'resend')).done).toBe(true);
    await sendDue(pool);
    expect((await rowOf(id)).status).toBe(String(S.Succeeded));
    expect(arrivedFor(row.messagekey)).toHaveLength(1);
  });
});

describe('failures and retries', () => {
  it('tries a refused address again after a wait, and fails it after the last attempt', async () => {
    smtp.refuse.set('later@example.test', { code: 451, text: 'try again later' });
    const id = await queue({ to: ['later@example.test'], subject: 'Later', text: 'x' });
    await sendDue(pool);
    let row = await rowOf(id);
    expect(row.status).toBe(String(S.FailedTryAgain));
    expect(row.attempts).toBe(1);
    expect(row.future).toBe(true);
    expect(row.errorreason).toMatch(/try again later/);
    // Not due yet: a run now leaves it alone.
    await sendDue(pool);
    expect((await rowOf(id)).attempts).toBe(1);
    await pool.query(`UPDATE outboxmessages SET executeat = now() - interval '1 second' WHERE autoid = $1`, [id]);
    await sendDue(pool);
    row = await rowOf(id);
    expect(row.status).toBe(String(S.Failed));
    expect(row.attempts).toBe(2);
  });

  it('fails a permanently refused address at once', async () => {
    smtp.refuse.set('nobody@example.test', { code: 550, text: 'no such user' });
    const id = await queue({ to: ['nobody@example.test'], subject: 'Niemand', text: 'x' });
    await sendDue(pool);
    const row = await rowOf(id);
    expect(row.status).toBe(String(S.Failed));
    expect(row.attempts).toBe(1);
    expect(row.errorreason).toMatch(/no such user/);
  });

  it('marks a message in processing past the maximum processing time as a time-out, sent again only after a reset', async () => {
    const id = await queue({ to: ['e@example.test'], subject: 'Vastgelopen', text: 'x' });
    await pool.query(
      `UPDATE outboxmessages SET status = '${S.Processing}', attempts = 1, claimedat = now() - interval '11 minutes' WHERE autoid = $1`,
      [id],
    );
    const counts = await sendDue(pool);
    expect(counts.timedOut).toBe(1);
    const row = await rowOf(id);
    expect(row.status).toBe(String(S.Timeout));
    expect(row.errorreason).toMatch(/10 minuten/);
    expect(arrivedFor(row.messagekey)).toHaveLength(0);
    await sendDue(pool);
    expect((await rowOf(id)).status).toBe(String(S.Timeout));
    expect((await change([id], 'reset')).done).toBe(true);
    await sendDue(pool);
    expect((await rowOf(id)).status).toBe(String(S.Succeeded));
    expect(arrivedFor(row.messagekey)).toHaveLength(1);
  });
});

describe('ignore, reset and resend', () => {
  it('an ignored message is resent only after a manual reset', async () => {
    smtp.refuse.set('ignored@example.test', { code: 550, text: 'gone' });
    const id = await queue({ to: ['ignored@example.test'], subject: 'Genegeerd', text: 'x' });
    await sendDue(pool);
    expect((await rowOf(id)).status).toBe(String(S.Failed));
    expect((await change([id], 'ignore')).done).toBe(true);
    let row = await rowOf(id);
    expect(row.status).toBe(String(S.Skipped));
    expect(row.ignored).toBe(true);
    const refused = await change([id], 'resend');
    expect(refused.done).toBe(false);
    expect(refused.error).toMatch(/Opnieuw instellen/);
    expect((await rowOf(id)).status).toBe(String(S.Skipped));
    smtp.refuse.delete('ignored@example.test');
    expect((await change([id], 'reset')).done).toBe(true);
    row = await rowOf(id);
    expect(row.status).toBe(String(S.New));
    expect(row.ignored).toBe(false);
    expect(row.attempts).toBe(0);
    await sendDue(pool);
    expect((await rowOf(id)).status).toBe(String(S.Succeeded));
  });

  it('a message in processing takes no action', async () => {
    const id = await queue({ to: ['f@example.test'], subject: 'Bezig', text: 'x' });
    await pool.query(`UPDATE outboxmessages SET status = '${S.Processing}', claimedat = now() WHERE autoid = $1`, [id]);
    for (const t of ['ignore', 'reset', 'resend']) expect((await change([id], t)).done).toBe(false);
    expect((await rowOf(id)).status).toBe(String(S.Processing));
    await pool.query(`UPDATE outboxmessages SET status = '${S.Succeeded}' WHERE autoid = $1`, [id]);
  });

  it('the grid shows the messages', async () => {
    const res = await post(server.app, '/mvc/outboxmessages/GetFlexData', { pageSize: 5 });
    expect(res.status).toBe(200);
    expect(res.body.Meta.Count).toBeGreaterThan(5);
  });
});

describe('several senders and a crash', () => {
  it('two senders at once send each message once', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 60; i++)
      ids.push(await queue({ to: [`p${i}@example.test`], subject: `Parallel ${i}`, text: 'x' }));
    const other = new pg.Pool({ connectionString: server.databaseUrl, max: 8 });
    try {
      const [a, b] = await Promise.all([sendDue(pool, { batchSize: 7 }), sendDue(other, { batchSize: 7 })]);
      expect(a.succeeded + b.succeeded).toBe(60);
    } finally {
      await other.end();
    }
    for (const id of ids) {
      const row = await rowOf(id);
      expect(row.status).toBe(String(S.Succeeded));
      expect(arrivedFor(row.messagekey)).toHaveLength(1);
    }
  });

  it('a sender killed mid-batch loses no message and sends none twice', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 30; i++)
      ids.push(await queue({ to: [`k${i}@example.test`], subject: `Crash ${i}`, text: 'x' }));
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'outbox-child.ts'), server.databaseUrl],
      {
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    let seen = 0;
    // The fifth message of the child is accepted, then the child dies before it hears so.
    smtp.onMessage = async (m) => {
      if (!m.to[0]?.startsWith('k')) return;
      if (++seen === 5) {
        child.kill('SIGKILL');
        await exited;
      }
    };
    await exited;
    smtp.onMessage = undefined;
    const states = (await Promise.all(ids.map(rowOf))).map((r) => r.status);
    expect(states.filter((s) => s === String(S.Processing)).length).toBeGreaterThan(0);
    // Past the maximum processing time the claimed rows are time-outs; the rest is sent now.
    await pool.query(
      `UPDATE outboxmessages SET claimedat = now() - interval '1 hour' WHERE status = '${S.Processing}' AND autoid = ANY($1::bigint[])`,
      [ids],
    );
    await sendDue(pool);
    const rows = await Promise.all(ids.map(rowOf));
    for (const row of rows) {
      expect([String(S.Succeeded), String(S.Timeout)]).toContain(row.status);
      expect(arrivedFor(row.messagekey).length).toBeLessThanOrEqual(1);
      if (row.status === String(S.Succeeded)) expect(arrivedFor(row.messagekey)).toHaveLength(1);
    }
    expect(rows.filter((r) => r.status === String(S.Timeout)).length).toBeGreaterThan(0);
  });
});

describe('templates', () => {
  let customer: number;
  let tina: number;
  const render = (language: string | null, principal = SYSTEM_PRINCIPAL) =>
    renderTemplate({
      db: pool,
      snapshot: server.engine.registry.snapshot,
      principal,
      templates: 'mtemplates',
      code: 'WELCOME',
      language,
      record: { table: 'mcustomers', autoId: customer },
    });

  beforeAll(async () => {
    const region = (await post(server.app, '/mvc/mregions/save', { ID: 'N', Descr: 'Noord', Manager: 'Kees' })).body
      .AutoID;
    customer = (
      await post(server.app, '/mvc/mcustomers/save', {
        Name: 'Zoë <b>&',
        Email: 'zoe@example.test',
        Discount: '12%',
        Region: region,
      })
    ).body.AutoID;
    tina = (
      await post(server.app, '/mvc/users/save', {
        Username: 'tina',
        Password: 'Tina-pass-1',
        PasswordRetype: 'Tina-pass-1',
      })
    ).body.AutoID;
    const group = (await post(server.app, '/mvc/securitygroups/save', { ID: 'sales', Descr: 'Verkoop' })).body.AutoID;
    await post(server.app, '/mvc/securitygrants/save', { SecurityGroup: group, RightCode: '91.3', Action: 'read' });
    await post(server.app, '/mvc/usergroups/save', { User: tina, SecurityGroup: group });
    await post(server.app, '/mvc/fieldlimits/save', {
      SecurityGroup: group,
      TableName: 'mcustomers',
      FieldName: 'Discount',
      Visibility: '0',
    });
  });

  it("the recipient's language chooses the template; Dutch when there is none in theirs", async () => {
    const en = await render('en');
    expect(en?.subject).toBe('Welcome Zoë <b>&');
    expect(en?.from).toEqual({ address: 'info@example.test', name: 'Company' });
    expect((await render('nl'))?.subject).toBe('Welkom Zoë <b>&');
    expect((await render('de'))?.subject).toBe('Welkom Zoë <b>&');
    expect((await render(null))?.language).toBe('nl');
  });

  it('fills fields and fields of a referenced row, HTML-escaped in the body', async () => {
    expect((await render('en'))?.html).toBe('<p>Dear Zoë &lt;b&gt;&amp;, discount 12%, region Noord (Kees).</p>');
  });

  it("renders empty what the template's user may not read", async () => {
    const principal = await principalOfUser(pool, server.engine.registry.snapshot, tina);
    expect(principal).not.toBeNull();
    const html = (await render('en', principal ?? SYSTEM_PRINCIPAL))?.html;
    expect(html).toContain('Dear Zoë &lt;b&gt;&amp;, discount ,');
    expect(html).toContain('()');
    expect(html).not.toContain('12%');
    expect(html).not.toContain('Kees');
  });

  it('a rendered template is sent as the e-mail of its language', async () => {
    const t = await render('en');
    if (!t) throw new Error('no template');
    const id = await queue({ to: ['zoe@example.test'], subject: t.subject, html: t.html, from: t.from });
    await sendDue(pool);
    const [m] = arrivedFor((await rowOf(id)).messagekey);
    const read = readMessage(m.raw);
    expect(read.header('Subject')).toBe('Welcome Zoë <b>&');
    expect(read.header('From')).toContain('Company');
    expect(read.html).toContain('Dear Zoë &lt;b&gt;&amp;');
  });
});

describe('the SMTP password', () => {
  const PASSWORD = 'Geheim-wachtwoord-1';
  let secured: LocalSmtp;
  let logins: string[];

  beforeAll(async () => {
    logins = [];
    secured = await localSmtp({
      authOptional: false,
      allowInsecureAuth: true,
      onAuth(auth, _session, callback) {
        logins.push(`${auth.username}:${auth.password ?? ''}`);
        if (auth.username === 'mailer' && auth.password === PASSWORD) callback(null, { user: 'mailer' });
        else callback(new Error('Invalid username or password'));
      },
    });
  });
  afterAll(async () => {
    await settings(`port = $1, username = NULL, password = NULL`, [smtp.port]);
    closeEmailConnections();
    await secured?.close();
  });

  it('is saved encrypted, used to sign in to the mail server, and answered back by no call', async () => {
    const [row] = (await post(server.app, '/mvc/mailserversettings/GetFlexData', {})).body.Data;
    const saved = await post(server.app, '/mvc/mailserversettings/save', {
      ...row,
      Port: secured.port,
      UserName: 'mailer',
      Password: PASSWORD,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // At rest: neither the password nor a hash of it, but its encryption.
    const stored = (await pool.query<{ password: string }>('SELECT password FROM mailserversettings')).rows[0].password;
    expect(stored).toMatch(/^enc1:/);
    expect(stored).not.toContain(PASSWORD);
    // Never answered: not by the save, the item, the grid or the new-record call.
    const answers = [
      saved.body,
      (await post(server.app, '/mvc/mailserversettings/GetItem', { autoid: row.AutoID })).body,
      (await post(server.app, '/mvc/mailserversettings/GetFlexData', {})).body,
      (await post(server.app, '/mvc/mailserversettings/GetNew', {})).body,
    ];
    for (const answer of answers) {
      expect(JSON.stringify(answer)).not.toContain(PASSWORD);
      expect(JSON.stringify(answer)).not.toContain('enc1:');
    }
    // An empty password in a later save keeps the stored one.
    const again = await post(server.app, '/mvc/mailserversettings/GetItem', { autoid: row.AutoID });
    expect((await post(server.app, '/mvc/mailserversettings/save', { ...again.body, Password: '' })).status).toBe(200);
    expect((await pool.query<{ password: string }>('SELECT password FROM mailserversettings')).rows[0].password).toBe(
      stored,
    );

    const id = await queue({ to: ['auth@example.test'], subject: 'Met wachtwoord', text: 'x' });
    await sendDue(pool);
    expect((await rowOf(id)).status).toBe(String(S.Succeeded));
    expect(logins).toContain(`mailer:${PASSWORD}`);
    expect(secured.arrived).toHaveLength(1);
  });
});

describe('the outbox-send job', () => {
  it('is queued by its watch when a message is due, and sends mobile messages as files in the data directory', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'outbox-data-'));
    const ctx: JobContext = {
      pool: server.engine.pool,
      snapshot: () => server.engine.registry.snapshot,
      files: server.engine.files,
      log: () => undefined,
      dataDir,
    };
    const sent: Record<string, unknown>[] = [];
    const queue: KindQueue = {
      jobsOf: async () => [],
      failNow: async () => undefined,
      send: async (data) => {
        sent.push(data);
        return 'job';
      },
    };
    await outboxSend.watch?.run(ctx, queue);
    expect(sent).toHaveLength(0);
    const client = await pool.connect();
    let id: number;
    try {
      await client.query('BEGIN');
      id = await enqueueMessage(client, {
        kind: 'mobile',
        payload: { phone: '+31612345678', template: 'werkbon_goedgekeurd', variables: { werkbon: 'WB-1' } },
        source: { table: 'mcustomers', autoId: 1 },
      });
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    await outboxSend.watch?.run(ctx, queue);
    expect(sent).toHaveLength(1);
    expect(await outboxSend.run(ctx, {}, { last: false })).toMatch(/^1 sent/);
    const row = (
      await pool.query<{ status: string; result: string }>(
        'SELECT status, result FROM outboxmessages WHERE autoid = $1',
        [id],
      )
    ).rows[0];
    expect(row.status).toBe(String(S.Succeeded));
    expect(row.result.startsWith(path.join(dataDir, 'mobile-outbox'))).toBe(true);
    expect(JSON.parse(readFileSync(row.result, 'utf8'))).toMatchObject({
      phone: '+31612345678',
      variables: { werkbon: 'WB-1' },
    });
  });
});
