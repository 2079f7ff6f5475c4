// Live events over HTTP: the polling call and the server-sent stream, across two server
// processes on one database. Every committed change is told exactly once and in order, a
// rolled-back one never; a user hears only of rows they may see; a session ended elsewhere ends
// its stream.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../free-port.ts';
import { ADMIN_PASSWORD, TEST_PACKS_DIR, post, signIn, startTestServer, type TestServer } from './harness.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
let a: TestServer;
let b: ChildProcess;
let baseA: string;
let baseB: string;
let limited: string;

interface Message {
  EventType: string;
  EventData: Record<string, unknown>;
  LastReceived: string;
}

beforeAll(async () => {
  a = await startTestServer();
  await a.app.listen({ port: 0, host: '127.0.0.1' });
  baseA = `http://127.0.0.1:${(a.app.server.address() as { port: number }).port}`;
  const port = await freePort();
  b = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server', 'main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: a.databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      PACKS_DIR: TEST_PACKS_DIR,
      PACKS: 'testbase,testcustomer',
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      WEB_CONCURRENCY: '1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  baseB = `http://127.0.0.1:${port}`;
  for (
    let waited = 0;
    !(await fetch(`${baseB}/health`).then(
      (r) => r.ok,
      () => false,
    ));
    waited += 200
  ) {
    if (waited > 60_000) throw new Error('the second server process did not start within 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  // A user who sees only the country whose code is their user name.
  const user = (
    await post(a.app, '/mvc/users/save', { Username: 'lim', Password: 'Lim-pass-1', PasswordRetype: 'Lim-pass-1' })
  ).body.AutoID;
  const group = (await post(a.app, '/mvc/securitygroups/save', { ID: 'limited', Descr: 'Beperkt' })).body.AutoID;
  await post(a.app, '/mvc/securitygrants/save', { SecurityGroup: group, RightCode: '9.1', Action: 'read' });
  await post(a.app, '/mvc/usergroups/save', { User: user, SecurityGroup: group });
  await post(a.app, '/mvc/rowlimits/save', {
    SecurityGroup: group,
    TableName: 'countries',
    FieldName: 'ID',
    Kind: 'userfield',
    UserField: 'Username',
  });
  limited = await signIn(a.app, 'lim', 'Lim-pass-1');
}, 90_000);
afterAll(async () => {
  b?.kill('SIGTERM');
  await a?.close();
});

async function poll(cookie: string | undefined, LastReceived?: string) {
  const res = await a.app.inject({
    method: 'POST',
    url: '/mvc/liveevents/poll',
    payload: LastReceived ? { LastReceived } : {},
    headers: cookie ? { cookie } : await admin(),
  });
  return { status: res.statusCode, body: res.json<{ Events: Message[]; LastReceived: string }>() };
}
const admin = async () => ({ cookie: await signIn(a.app) });

/** Polls until `count` record events of countries arrived (at most 5 s); answers all messages. */
async function pollUntil(cookie: string | undefined, since: string, count: number): Promise<Message[]> {
  const seen: Message[] = [];
  let position = since;
  for (
    const start = Date.now();
    seen.filter((m) => m.EventData.Table === 'countries').length < count;
    await new Promise((r) => setTimeout(r, 50))
  ) {
    if (Date.now() - start > 5000) break;
    const res = await poll(cookie, position);
    seen.push(...res.body.Events);
    position = res.body.LastReceived;
  }
  return seen;
}

/** Opens a stream on a server and collects its messages. */
function stream(base: string, cookie: string, query = '') {
  const messages: Message[] = [];
  const controller = new AbortController();
  let ended = false;
  const response = fetch(`${base}/mvc/liveevents/stream${query}`, {
    headers: { cookie, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const opened = response.then(async (res) => {
    // A refused stream (429) has nothing to read: `ready` tells its status.
    if (res.status !== 200) {
      ended = true;
      return;
    }
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = res.body!.getReader();
    let text = '';
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) {
        ended = true;
        return;
      }
      text += new TextDecoder().decode(value);
      let cut;
      while ((cut = text.indexOf('\n\n')) >= 0) {
        const block = text.slice(0, cut);
        text = text.slice(cut + 2);
        const data = block.split('\n').find((l) => l.startsWith('data: '));
        if (data) messages.push(JSON.parse(data.slice(6)));
      }
    }
  });
  // Answered: the stream holds its place (or was refused, with this status).
  const ready = response.then(
    (res) => res.status,
    () => 0,
  );
  return {
    messages,
    close: () => controller.abort(),
    opened,
    ready,
    get ended() {
      return ended;
    },
  };
}

async function until(probe: () => boolean, ms: number, what: string) {
  const start = Date.now();
  while (!probe()) {
    if (Date.now() - start > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return Date.now() - start;
}

describe('polling', () => {
  it('starts with a position and no events, and refuses a position that is no position', async () => {
    const res = await poll(undefined);
    expect(res.body).toEqual({ Events: [], LastReceived: expect.stringMatching(/^\d+$/) });
    expect((await poll(undefined, 'yesterday')).status).toBe(400);
  });

  it('refuses a position beyond what the database can take at the edge, naming the parameter, by body, address or header', async () => {
    const cookie = await signIn(a.app);
    for (const position of ['18446744073709551616', '1'.repeat(30), '99999999999999999999']) {
      const polled = await poll(undefined, position);
      expect(polled.status, position).toBe(400);
      expect(polled.body).toMatchObject({
        Code: 'BAD_REQUEST',
        Error: expect.stringContaining('LastReceived'),
        ModelState: { LastReceived: [expect.any(String)] },
      });
      const byAddress = await a.app.inject({
        method: 'GET',
        url: `/mvc/liveevents/stream?LastReceived=${position}`,
        headers: { cookie },
      });
      expect(byAddress.statusCode, position).toBe(400);
      expect(byAddress.json().Error).toContain('LastReceived');
      const byHeader = await a.app.inject({
        method: 'GET',
        url: '/mvc/liveevents/stream',
        headers: { cookie, 'last-event-id': position },
      });
      expect(byHeader.statusCode, position).toBe(400);
      expect(byHeader.json().Error).toContain('Last-Event-ID');
    }
    const notDigits = await a.app.inject({
      method: 'GET',
      url: '/mvc/liveevents/stream',
      headers: { cookie, 'last-event-id': '12; DROP' },
    });
    expect(notDigits.statusCode).toBe(400);
    expect(notDigits.json().Error).toContain('Last-Event-ID');
    // The longest position allowed is one the database takes: far ahead, so nothing yet.
    expect((await poll(undefined, '9999999999999999999')).body).toEqual({
      Events: [],
      LastReceived: expect.stringMatching(/^\d+$/),
    });
  });

  it('tells every committed change once, in order, and never a rolled-back one', async () => {
    const since = (await poll(undefined)).body.LastReceived;
    const codes = Array.from({ length: 30 }, (_, i) => `E${i}`);
    const saved = await Promise.all(codes.map((ID) => post(a.app, '/mvc/countries/save', { ID, Descr: `Land ${ID}` })));
    // A save refused by validation writes nothing, and so tells nothing.
    expect((await post(a.app, '/mvc/countries/save', { ID: 'E99', Descr: 'x'.repeat(500) })).status).toBe(400);
    const messages = await pollUntil(undefined, since, 30);
    const told = messages
      .filter((m) => m.EventType === 'RecordChanged' && m.EventData.Table === 'countries')
      .map((m) => m.EventData.AutoID);
    expect(told.sort()).toEqual(saved.map((r) => r.body.AutoID).sort());
    expect(messages[0]).toEqual({
      EventType: 'RecordChanged',
      EventData: { Table: 'countries', AutoID: expect.any(Number), Action: 'created' },
      LastReceived: expect.stringMatching(/^\d+$/),
    });
    // Nothing more from where the last poll ended.
    const last = messages[messages.length - 1].LastReceived;
    expect((await poll(undefined, last)).body.Events.filter((m) => m.EventData.Table === 'countries')).toEqual([]);
  });

  it('a limited user hears only of rows inside their row limits', async () => {
    const since = (await poll(limited)).body.LastReceived;
    const theirs = (await post(a.app, '/mvc/countries/save', { ID: 'lim', Descr: 'Eigen land' })).body;
    await post(a.app, '/mvc/countries/save', { ID: 'ZZ', Descr: 'Ander land' });
    const messages = await pollUntil(limited, since, 1);
    expect(messages.map((m) => m.EventData.AutoID)).toEqual([theirs.AutoID]);
    // A deletion of a row is told only to users without limits on its table. A row of theirs
    // saved after it is the sentinel: events are told in order, so once it is told, the
    // deletion's would have been told before it.
    const beforeDelete = (await poll(limited)).body.LastReceived;
    await post(a.app, '/mvc/countries/delete', { autoid: theirs.AutoID });
    const sentinel = (await post(a.app, '/mvc/countries/save', { ID: 'lim', Descr: 'Weer eigen land' })).body;
    const countries = (messages: Message[]) =>
      messages.filter((m) => m.EventData.Table === 'countries').map((m) => [m.EventData.AutoID, m.EventData.Action]);
    expect(countries(await pollUntil(limited, beforeDelete, 1))).toEqual([[sentinel.AutoID, 'created']]);
    expect(countries(await pollUntil(undefined, beforeDelete, 2))).toEqual([
      [theirs.AutoID, 'deleted'],
      [sentinel.AutoID, 'created'],
    ]);
  });
});

describe('the stream', () => {
  it('a change made through one process reaches a stream held on the other within a second', async () => {
    const cookieB = (
      await fetch(`${baseB}/mvc/account/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
      })
    ).headers
      .get('set-cookie')!
      .split(';')[0];
    const s = stream(baseB, cookieB);
    await new Promise((r) => setTimeout(r, 300));
    const saved = (await post(a.app, '/mvc/countries/save', { ID: 'S1', Descr: 'Streamland' })).body;
    const ms = await until(
      () => s.messages.some((m) => m.EventData.AutoID === saved.AutoID),
      1000,
      'the event on the other process',
    );
    expect(ms).toBeLessThan(1000);
    s.close();
  });

  it('catches up from LastReceived, then follows; a session ended elsewhere ends the stream', async () => {
    const since = (await poll(undefined)).body.LastReceived;
    const missed = (await post(a.app, '/mvc/countries/save', { ID: 'S2', Descr: 'Gemist' })).body;
    const user = (
      await post(a.app, '/mvc/users/save', {
        Username: 'streamer',
        Password: 'Stream-pass-1',
        PasswordRetype: 'Stream-pass-1',
      })
    ).body;
    const cookie = await signIn(a.app, 'streamer', 'Stream-pass-1');
    const group = (await post(a.app, '/mvc/securitygroups/save', { ID: 'readers', Descr: 'Lezers' })).body.AutoID;
    await post(a.app, '/mvc/securitygrants/save', { SecurityGroup: group, RightCode: '9.1', Action: 'read' });
    await post(a.app, '/mvc/usergroups/save', { User: user.AutoID, SecurityGroup: group });
    const s = stream(baseA, cookie, `?LastReceived=${since}`);
    await until(() => s.messages.some((m) => m.EventData.AutoID === missed.AutoID), 2000, 'the missed event');
    const later = (await post(a.app, '/mvc/countries/save', { ID: 'S3', Descr: 'Later' })).body;
    await until(() => s.messages.some((m) => m.EventData.AutoID === later.AutoID), 1000, 'the later event');
    expect(s.messages.filter((m) => m.EventData.AutoID === missed.AutoID)).toHaveLength(1);
    // The administrator deactivates the user: their stream hears it and ends.
    const current = (await post(a.app, '/mvc/users/GetItem', { autoid: user.AutoID })).body;
    await post(a.app, '/mvc/users/save', { ...current, Activated: false });
    await until(() => s.ended, 2000, 'the end of the stream');
    expect(s.messages.some((m) => m.EventType === 'SessionEnded')).toBe(true);
  });

  it('needs a session, and one user holds at most 10 streams at once, across both processes', async () => {
    expect((await fetch(`${baseA}/mvc/liveevents/stream`)).status).toBe(403);
    const cookieA = await signIn(a.app);
    const cookieB = (
      await fetch(`${baseB}/mvc/account/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
      })
    ).headers
      .get('set-cookie')!
      .split(';')[0];
    const open = [
      ...Array.from({ length: 6 }, () => stream(baseA, cookieA)),
      ...Array.from({ length: 4 }, () => stream(baseB, cookieB)),
    ];
    expect(await Promise.all(open.map((s) => s.ready))).toEqual(Array(10).fill(200));
    // The eleventh is refused by either process.
    for (const [base, cookie] of [
      [baseA, cookieA],
      [baseB, cookieB],
    ]) {
      const res = await fetch(`${base}/mvc/liveevents/stream`, { headers: { cookie } });
      expect(res.status, base).toBe(429);
      expect((await res.json()).Code).toBe('TOO_MANY_REQUESTS');
    }
    // A stream that ends gives its place back, to either process.
    open[0].close();
    let status = 429;
    let again: ReturnType<typeof stream> | undefined;
    for (const start = Date.now(); status === 429 && Date.now() - start < 5000;) {
      again?.close();
      again = stream(baseB, cookieB);
      status = await again.ready;
      if (status === 429) await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe(200);
    for (const s of [...open, again!]) s.close();
  });
});
