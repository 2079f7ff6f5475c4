// Business records over HTTP, on a test pack of tickets with lines (tests/packs/testrecords):
// status workflows (rights, states, prompts, guards, required fields, cascades, the status log),
// batches with mixed results and retry, screen actions and merge, numbering under parallel
// creates, child rows that keep their parent, data sets and dashboards — as an administrator and
// as a limited user probing each path.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, signIn, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
let limited: string;
let limitedId: number;

beforeAll(async () => {
  server = await startTestServer({ config: { packs: ['testbase', 'testrecords'] } });
  limitedId = (
    await post(server.app, '/mvc/users/save', { Username: 'lim', Password: 'Lim-pass-1', PasswordRetype: 'Lim-pass-1' })
  ).body.AutoID;
  const group = (await post(server.app, '/mvc/securitygroups/save', { ID: 'tickets', Descr: 'Tickets' })).body.AutoID;
  // Tickets and their lines, but not cancelling (70.2), not seeing cancelled tickets (70.3), not merging (70.4).
  for (const Action of ['read', 'create', 'update', 'delete'])
    await post(server.app, '/mvc/securitygrants/save', { SecurityGroup: group, RightCode: '70.1', Action });
  await post(server.app, '/mvc/usergroups/save', { User: limitedId, SecurityGroup: group });
  // Of the users they see only themselves: enough to take a ticket ("Naar mij").
  await post(server.app, '/mvc/securitygrants/save', { SecurityGroup: group, RightCode: '12.3', Action: 'read' });
  await post(server.app, '/mvc/rowlimits/save', {
    SecurityGroup: group,
    TableName: 'users',
    FieldName: 'Username',
    Kind: 'userfield',
    UserField: 'Username',
  });
  limited = await signIn(server.app, 'lim', 'Lim-pass-1');
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const admin = (url: string, body: unknown = {}) => post(server.app, url, body);
async function asLimited(url: string, body: object = {}) {
  const res = await server.app.inject({ method: 'POST', url, payload: body, headers: { cookie: limited } });
  return { status: res.statusCode, body: JSON.parse(res.body) };
}
const ticket = async (fields: Record<string, unknown> = {}) =>
  (await admin('/mvc/tickets/save', { Descr: 'Lekkage', ...fields })).body;
const item = async (id: number) => (await admin('/mvc/tickets/GetItem', { autoid: id })).body;
const logRows = async () =>
  Number((await server.engine.pool.query('SELECT count(*) FROM core_status_log')).rows[0].count);
const change = (ids: number[], Transition: string, Values: Record<string, unknown> = {}) =>
  admin('/mvc/tickets/ChangeStatus', { autoids: ids, Transition, Values });

describe('the screens answer', () => {
  it('says whether a table has a workflow, and gives a transition action the prompts and warning of its transition', async () => {
    const { get } = await import('./harness.ts');
    const screen = (await get(server.app, '/mvc/definitions/screens')).body.Screens.find(
      (s: { name: string }) => s.name === 'tickets',
    );
    expect(screen.workflow).toBe(true);
    expect(screen.actions.find((a: { name: string }) => a.name === 'cancel')).toMatchObject({
      warning: 'Regels worden ook geannuleerd.',
      prompts: [
        expect.objectContaining({ name: 'Reason', required: true }),
        expect.objectContaining({ name: 'Comment' }),
        expect.objectContaining({ name: 'Date' }),
      ],
    });
  });
});

describe('numbering', () => {
  it('an empty ID draws prefix and zero-padded next number; 50 parallel creates get 50 distinct numbers', async () => {
    const first = await ticket();
    expect(first.ID).toMatch(/^T\d{5}$/);
    const many = await Promise.all(
      Array.from({ length: 50 }, (_, i) => admin('/mvc/tickets/save', { Descr: `Parallel ${i}` })),
    );
    expect(many.map((r) => r.status)).toEqual(Array(50).fill(200));
    const ids = many.map((r): string => r.body.ID);
    expect(new Set(ids).size).toBe(50);
    const numbers = [first.ID, ...ids].map((id: string) => Number(id.slice(1))).sort((a, b) => a - b);
    expect(numbers[numbers.length - 1] - numbers[0]).toBe(50);
    expect((await ticket({ ID: 'EIGEN-1' })).ID).toBe('EIGEN-1');
  });

  it('a create that fails gives its number back', async () => {
    const before: string = (await ticket()).ID;
    expect(
      (await admin('/mvc/tickets/save', { Descr: 'x', StartDate: '2026-02-01', EndDate: '2026-01-01' })).status,
    ).toBe(400);
    const after: string = (await ticket()).ID;
    expect(Number(after.slice(1))).toBe(Number(before.slice(1)) + 1);
  });
});

describe('status workflow', () => {
  it('answers the transitions the user may make now, with prompts and warnings', async () => {
    const t = await ticket();
    const res = await admin('/mvc/tickets/GetTransitions', { autoid: t.AutoID });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ Field: 'Status', Status: 'new', StatusLabel: 'Nieuw' });
    expect(res.body.Transitions.map((x: { Name: string }) => x.Name)).toEqual(['open', 'cancel']);
    const cancel = res.body.Transitions[1];
    expect(cancel).toMatchObject({ ToLabel: 'Geannuleerd', Warning: 'Regels worden ook geannuleerd.' });
    expect(cancel.Prompts[0]).toEqual({ Name: 'Reason', Label: 'Reden', Type: 'text', Required: true });
    // Without the cancel right (70.2), the limited user is not offered it.
    const theirs = await asLimited('/mvc/tickets/GetTransitions', { autoid: t.AutoID });
    expect(theirs.body.Transitions.map((x: { Name: string }) => x.Name)).toEqual(['open']);
  });

  it('a status never changes through save; a transition changes it and writes the log', async () => {
    const t = await ticket();
    const logs = await logRows();
    const viaSave = await admin('/mvc/tickets/save', { ...t, Status: 'open' });
    expect(viaSave.status).toBe(400);
    expect(viaSave.body.ModelState.Status).toEqual(['Het veld Status verandert alleen via een statusovergang.']);
    expect((await item(t.AutoID)).Status).toBe('new');
    expect(await logRows()).toBe(logs);

    const res = await change([t.AutoID], 'open');
    expect(res.body).toMatchObject({
      Succeeded: 1,
      Failed: 0,
      Ignored: 0,
      Results: [{ AutoID: t.AutoID, ID: t.ID, Description: 'Lekkage', Result: 'SUCCESS' }],
    });
    expect((await item(t.AutoID)).Status).toBe('open');
    const log = await admin('/mvc/tickets/GetStatusLog', { autoid: t.AutoID });
    expect(log.body.Data[0]).toMatchObject({
      Transition: 'open',
      From: 'new',
      FromLabel: 'Nieuw',
      To: 'open',
      ToLabel: 'Open',
      By: 'admin',
    });
  });

  it('a missing required prompt, a false guard and a missing required field are refused, naming them, and nothing is written', async () => {
    const t = await ticket();
    await change([t.AutoID], 'open');
    const logs = await logRows();
    const noReason = await change([t.AutoID], 'cancel');
    expect(noReason.status).toBe(400);
    expect(noReason.body.ModelState.Reason).toEqual(['Het veld Reden is verplicht.']);
    const guard = await change([t.AutoID], 'finish', { Resolution: 'Gerepareerd' });
    expect(guard.body.Results[0]).toMatchObject({ Result: 'FAILED', Error: 'Schrijf eerst uren.' });
    await admin('/mvc/tickets/save', { ...(await item(t.AutoID)), Hours: 3 });
    const missing = await change([t.AutoID], 'finish');
    expect(missing.body.Results[0]).toMatchObject({
      Result: 'FAILED',
      Key: 'workflow.requires',
      Error: 'Het veld Oplossing moet gevuld zijn voor de overgang naar Klaar.',
    });
    const wrongType = await change([t.AutoID], 'finish', { Resolution: 42 });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.ModelState.Resolution).toEqual(['De waarde van Oplossing is ongeldig.']);
    expect(await logRows()).toBe(logs);
    expect((await item(t.AutoID)).Status).toBe('open');

    const done = await change([t.AutoID], 'finish', { Resolution: 'Gerepareerd', Comment: 'Klant tevreden' });
    expect(done.body.Results[0].Result).toBe('SUCCESS');
    const after = await item(t.AutoID);
    expect(after).toMatchObject({ Status: 'done', Resolution: 'Gerepareerd' });
    // ClosedAt is read-only in the form: the transition's set writes it, a user's save does not.
    expect(after.ClosedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d$/);
    expect((await admin('/mvc/tickets/save', { ...after, ClosedAt: '2000-01-01T00:00' })).body.ClosedAt).toBe(
      after.ClosedAt,
    );
    expect((await admin('/mvc/tickets/GetStatusLog', { autoid: t.AutoID })).body.Data[0]).toMatchObject({
      Transition: 'finish',
      Comment: 'Klant tevreden',
    });
  });

  it('a transition from a state it does not leave fails for that item; the same state again is ignored', async () => {
    const t = await ticket();
    const res = await change([t.AutoID], 'reopen');
    expect(res.body.Results[0]).toMatchObject({
      Result: 'FAILED',
      Key: 'workflow.not_from_state',
      Error: 'De overgang Heropenen is niet mogelijk vanuit de status Nieuw.',
    });
    await change([t.AutoID], 'open');
    const again = await admin('/mvc/tickets/RunAction', {
      Action: 'cancel',
      autoids: [t.AutoID],
      Values: { Reason: 'Dubbel' },
    });
    expect(again.body.Results[0].Result).toBe('SUCCESS');
    const twice = await change([t.AutoID], 'cancel', { Reason: 'Nogmaals' });
    expect(twice.body.Results[0]).toMatchObject({ Result: 'IGNORED', Key: 'workflow.already' });
  });

  it('cancelling cascades to the open lines, each with a log row, and logs reason, comment and date', async () => {
    const t = await ticket();
    const line = async (Line: number, Status?: string) =>
      (
        await admin('/mvc/ticketlines/save', {
          Ticket: t.AutoID,
          Line,
          Descr: `Regel ${Line}`,
          Kind: 'work',
          ...(Status ? { Status } : {}),
        })
      ).body;
    const [a, b] = [await line(1), await line(2)];
    const res = await change([t.AutoID], 'cancel', {
      Reason: 'Klant zegt af',
      Comment: 'Telefonisch',
      Date: '2026-11-20',
    });
    expect(res.body.Succeeded).toBe(1);
    for (const l of [a, b])
      expect((await admin('/mvc/ticketlines/GetItem', { autoid: l.AutoID })).body.Status).toBe('cancelled');
    const log = (await admin('/mvc/tickets/GetStatusLog', { autoid: t.AutoID })).body.Data[0];
    expect(log).toMatchObject({
      Transition: 'cancel',
      Reason: 'Klant zegt af',
      Comment: 'Telefonisch',
      Date: '2026-11-20',
      To: 'cancelled',
      ToLabel: 'Geannuleerd',
    });
    expect((await admin('/mvc/ticketlines/GetStatusLog', { autoid: a.AutoID })).body.Data).toEqual([
      expect.objectContaining({ Transition: 'cancel', From: 'open', To: 'cancelled', ToLabel: 'Geannuleerd' }),
    ]);
  });

  it('a batch with mixed results: each item in its own transaction, a forged AutoID fails alone, and the failed ones can be retried', async () => {
    const [a, b, c] = [await ticket(), await ticket(), await ticket()];
    await change([c.AutoID], 'open');
    const res = await change([a.AutoID, 999_999, b.AutoID, c.AutoID], 'open');
    expect(res.body.Results.map((r: { Result: string }) => r.Result)).toEqual([
      'SUCCESS',
      'FAILED',
      'SUCCESS',
      'IGNORED',
    ]);
    expect(res.body.Results[1]).toMatchObject({ AutoID: 999_999, Key: 'errors.item_not_found', ID: null });
    expect(res.body).toMatchObject({ Succeeded: 2, Failed: 1, Ignored: 1 });

    const [d, e] = [await ticket({ Hours: 2 }), await ticket()];
    await change([d.AutoID, e.AutoID], 'open');
    const first = await change([d.AutoID, e.AutoID], 'finish', { Resolution: 'Klaar' });
    expect(first.body.Results.map((r: { Result: string }) => r.Result)).toEqual(['SUCCESS', 'FAILED']);
    await admin('/mvc/tickets/save', { ...(await item(e.AutoID)), Hours: 1 });
    const retry = await change(
      first.body.Results.filter((r: { Result: string }) => r.Result === 'FAILED').map(
        (r: { AutoID: number }) => r.AutoID,
      ),
      'finish',
      { Resolution: 'Klaar' },
    );
    expect(retry.body).toMatchObject({ Succeeded: 1, Failed: 0 });
  });

  it('unknown transitions and actions, and too many ids, are refused before any work', async () => {
    const t = await ticket();
    expect((await change([t.AutoID], 'teleport')).body).toMatchObject({ Key: 'request.unknown_transition' });
    expect((await admin('/mvc/tickets/RunAction', { Action: 'fly', autoids: [t.AutoID] })).body).toMatchObject({
      Key: 'request.unknown_action',
    });
    expect(
      (
        await admin('/mvc/tickets/ChangeStatus', {
          autoids: Array.from({ length: 1001 }, (_, i) => i + 1),
          Transition: 'open',
        })
      ).status,
    ).toBe(400);
    const country = (await admin('/mvc/countries/save', { ID: 'WF', Descr: 'Zonder workflow' })).body;
    expect((await admin('/mvc/countries/GetTransitions', { autoid: country.AutoID })).body).toEqual({
      Field: null,
      Status: null,
      StatusLabel: null,
      Stages: [],
      Transitions: [],
    });
    expect(
      (await admin('/mvc/countries/ChangeStatus', { autoids: [country.AutoID], Transition: 'open' })).body,
    ).toMatchObject({ Key: 'request.no_workflow' });
  });
});

describe('a limited user probing each path', () => {
  it('cannot make a transition without its right (403), nor merge', async () => {
    const t = await ticket();
    const res = await asLimited('/mvc/tickets/ChangeStatus', {
      autoids: [t.AutoID],
      Transition: 'cancel',
      Values: { Reason: 'x' },
    });
    expect(res.status).toBe(403);
    expect(
      (
        await asLimited('/mvc/tickets/RunAction', {
          Action: 'merge',
          autoids: [t.AutoID],
          Values: { Target: t.AutoID },
        })
      ).status,
    ).toBe(403);
    expect((await item(t.AutoID)).Status).toBe('new');
  });

  it('does not see records in a state whose list right they lack: not in grids, counts, items, lookups, logs or batches', async () => {
    const t = await ticket({ Descr: 'Geheim geannuleerd' });
    await change([t.AutoID], 'cancel', { Reason: 'weg' });
    const grid = await asLimited('/mvc/tickets/GetFlexData', { searchExpressions: 'Geheim', pageSize: 100 });
    expect(grid.body.Data).toEqual([]);
    expect(grid.body.Meta.Count).toBe(0);
    expect((await asLimited('/mvc/tickets/GetItem', { autoid: t.AutoID })).status).toBe(404);
    const lookup = await asLimited('/mvc/_lists/tickets', { searchKey: 'Geheim' });
    expect(lookup.body.Data, JSON.stringify(lookup.body)).toEqual([]);
    expect((await asLimited('/mvc/tickets/GetStatusLog', { autoid: t.AutoID })).status).toBe(404);
    expect((await asLimited('/mvc/tickets/GetTransitions', { autoid: t.AutoID })).status).toBe(404);
    const batch = await asLimited('/mvc/tickets/ChangeStatus', { autoids: [t.AutoID], Transition: 'open' });
    expect(batch.body.Results[0]).toMatchObject({ Result: 'FAILED', Key: 'errors.item_not_found', Description: null });
    // Nor can a line be put under it, or a line moved to another ticket.
    const line = await asLimited('/mvc/ticketlines/save', { Ticket: t.AutoID, Line: 1 });
    expect(line.status).toBe(400);
    expect(line.body.TranslationModelState.ModelState.Ticket[0].Key).toBe('validation.list_value');
    expect((await admin('/mvc/tickets/GetFlexData', { searchExpressions: 'Geheim' })).body.Meta.Count).toBe(1);
    // An administrator asking why sees the same condition the data layer adds for this user.
    const { get } = await import('./harness.ts');
    const why = (await get(server.app, '/mvc/security/explain?username=lim&right=70.1&action=read&table=tickets')).body;
    expect(why.RowFilter).toEqual({
      Table: 'tickets',
      Condition: '("t"."status" IS NULL OR "t"."status" NOT IN ($1))',
      Values: ['cancelled'],
    });
  });
});

describe('child rows keep their parent', () => {
  it('a line cannot move to another ticket', async () => {
    const [a, b] = [await ticket(), await ticket()];
    const line = (await admin('/mvc/ticketlines/save', { Ticket: a.AutoID, Line: 1 })).body;
    const moved = await admin('/mvc/ticketlines/save', { ...line, Ticket: b.AutoID });
    expect(moved.status).toBe(400);
    expect(moved.body.ModelState.Ticket).toEqual(['Het veld Ticket kan na het aanmaken niet meer worden gewijzigd.']);
    expect((await admin('/mvc/ticketlines/save', { ...line, Descr: 'Andere tekst' })).status).toBe(200);
  });

  it("the engine indexes the parent key with the child table's order", async () => {
    const index = await server.engine.pool.query(
      `SELECT indexdef FROM pg_indexes WHERE tablename = 'ticketlines' AND indexname LIKE '%parent%'`,
    );
    expect(index.rows[0].indexdef).toMatch(/\(ticket, line, autoid\)/);
  });
});

describe('actions', () => {
  it('sets fields from prompts on the selected rows, ignoring rows already so, and logs a logged field', async () => {
    const [a, b] = [await ticket(), await ticket({ Priority: 'high' })];
    const res = await admin('/mvc/tickets/RunAction', {
      Action: 'setPriority',
      autoids: [a.AutoID, b.AutoID],
      Values: { Priority: 'high' },
    });
    expect(res.body.Results.map((r: { Result: string }) => r.Result)).toEqual(['SUCCESS', 'IGNORED']);
    expect((await item(a.AutoID)).Priority).toBe('high');
    const log = (await admin('/mvc/tickets/GetStatusLog', { autoid: a.AutoID })).body.Data[0];
    expect(log).toMatchObject({ From: null, To: 'high', ToLabel: 'Hoog', Transition: null });
    const wrong = await admin('/mvc/tickets/RunAction', {
      Action: 'setPriority',
      autoids: [a.AutoID],
      Values: { Priority: 'urgent' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.ModelState.Priority).toEqual(['De waarde van Prioriteit is ongeldig.']);
  });

  it('$currentUser sets the acting user, and the data set "mine" finds their rows', async () => {
    const t = await ticket({ Descr: 'Voor lim' });
    expect((await asLimited('/mvc/tickets/RunAction', { Action: 'claim', autoids: [t.AutoID] })).body.Succeeded).toBe(
      1,
    );
    expect((await item(t.AutoID)).Owner).toBe(limitedId);
    const mine = await asLimited('/mvc/tickets/GetFlexData', { dataSet: 'mine' });
    expect(mine.body.Data.map((r: { AutoID: number }) => r.AutoID)).toEqual([t.AutoID]);
    expect((await admin('/mvc/tickets/GetFlexData', { dataSet: 'mine' })).body.Meta.Count).toBe(0);
    expect(
      (await admin('/mvc/tickets/GetFlexData', { dataSet: 'recent', pageSize: 1 })).body.Meta.Count,
    ).toBeGreaterThan(50);
    const unknown = await admin('/mvc/tickets/GetFlexData', { dataSet: 'everything' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.Error).toBe('Onbekende gegevensset everything; wel: open, mine, recent.');
  });

  it('merge moves every reference to the target and deletes the merged rows, in one transaction each', async () => {
    const [keep, gone] = [await ticket({ Descr: 'Blijft' }), await ticket({ Descr: 'Gaat' })];
    const line = (await admin('/mvc/ticketlines/save', { Ticket: gone.AutoID, Line: 7 })).body;
    const self = await admin('/mvc/tickets/RunAction', {
      Action: 'merge',
      autoids: [keep.AutoID],
      Values: { Target: keep.AutoID },
    });
    expect(self.status).toBe(400);
    const res = await admin('/mvc/tickets/RunAction', {
      Action: 'merge',
      autoids: [gone.AutoID],
      Values: { Target: keep.AutoID },
    });
    expect(res.body.Succeeded).toBe(1);
    expect((await admin('/mvc/ticketlines/GetItem', { autoid: line.AutoID })).body.Ticket).toBe(keep.AutoID);
    expect((await admin('/mvc/tickets/GetItem', { autoid: gone.AutoID })).status).toBe(404);
  });
});

describe('checks, forms and dashboards', () => {
  it('a rule across fields is checked on the server, under its fields, and described in GetForm with the confirms', async () => {
    const res = await admin('/mvc/tickets/save', { Descr: 'x', StartDate: '2026-02-01', EndDate: '2026-01-01' });
    expect(res.status).toBe(400);
    expect(res.body.ModelState).toEqual({
      StartDate: ['Het begin ligt na het einde.'],
      EndDate: ['Het begin ligt na het einde.'],
    });
    const form = (
      await server.app.inject({
        method: 'GET',
        url: '/mvc/tickets/GetForm',
        headers: { cookie: await signIn(server.app) },
      })
    ).json();
    expect(form.Checks).toEqual([
      expect.objectContaining({
        Name: 'period',
        Message: 'Het begin ligt na het einde.',
        Fields: ['StartDate', 'EndDate'],
      }),
    ]);
    expect(form.Confirms).toEqual([
      { Name: 'many', When: { '>': [{ var: 'Hours' }, 100] }, Message: 'Meer dan 100 uur: klopt dat?' },
    ]);
  });

  it('a dashboard counts the child rows per group and per month', async () => {
    const t = await ticket();
    for (const [Line, Kind] of [
      [1, 'work'],
      [2, 'work'],
      [3, 'part'],
    ] as const)
      await admin('/mvc/ticketlines/save', { Ticket: t.AutoID, Line, Kind });
    const res = await admin('/mvc/tickets/GetDashboard', { autoid: t.AutoID, Tab: 'dashboard' });
    expect(res.body.ByGroup).toEqual([
      { Value: 'work', Label: 'Werk', Count: 2 },
      { Value: 'part', Label: 'Onderdeel', Count: 1 },
    ]);
    expect(res.body.ByMonth).toEqual([{ Month: new Date().toISOString().slice(0, 7), Count: 3 }]);
    expect((await admin('/mvc/tickets/GetDashboard', { autoid: t.AutoID, Tab: 'lines' })).body.Key).toBe(
      'request.unknown_tab',
    );
  });
});

describe('row limits through linked rows (own relation, contact persons, group hierarchies)', () => {
  /** A user in a group of their own with the tickets right and one row limit on tickets.Team. */
  async function plannerWith(name: string, limit: Record<string, unknown>) {
    const user = (
      await admin('/mvc/users/save', { Username: name, Password: 'Plan-pass-1', PasswordRetype: 'Plan-pass-1' })
    ).body.AutoID;
    const group = (await admin('/mvc/securitygroups/save', { ID: name, Descr: name })).body.AutoID;
    await admin('/mvc/securitygrants/save', { SecurityGroup: group, RightCode: '70.1', Action: 'read' });
    await admin('/mvc/usergroups/save', { User: user, SecurityGroup: group });
    expect(
      (await admin('/mvc/rowlimits/save', { SecurityGroup: group, TableName: 'tickets', FieldName: 'Team', ...limit }))
        .status,
    ).toBe(200);
    return { user, cookie: await signIn(server.app, name, 'Plan-pass-1') };
  }
  const seen = async (cookie: string) => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/mvc/tickets/GetFlexData',
      payload: { searchExpressions: 'Teamwerk', pageSize: 100 },
      headers: { cookie },
    });
    const found: { Descr: string }[] = res.json().Data;
    return found.map((r) => r.Descr).sort();
  };

  it('a path from the user (teammembers.User:Team) admits the rows of their own team; a tree adds the teams below it', async () => {
    const team = async (ID: string, ParentTeam?: number): Promise<number> =>
      (await admin('/mvc/teams/save', { ID, Descr: ID, ParentTeam })).body.AutoID;
    const north = await team('noord');
    const northWest = await team('noordwest', north);
    const south = await team('zuid');
    for (const [Descr, Team] of [
      ['Teamwerk noord', north],
      ['Teamwerk noordwest', northWest],
      ['Teamwerk zuid', south],
    ] as const)
      await ticket({ Descr, Team });

    const linked = await plannerWith('plan1', { Kind: 'linked', Path: 'teammembers.User:Team' });
    const tree = await plannerWith('plan2', { Kind: 'tree', Path: 'teammembers.User:Team', Tree: 'teams.ParentTeam' });
    const broken = await plannerWith('plan3', { Kind: 'linked', Path: 'nosuchtable.User:Team' });
    for (const who of [linked, tree, broken])
      expect((await admin('/mvc/teammembers/save', { Team: north, User: who.user })).status).toBe(200);

    expect(await seen(linked.cookie)).toEqual(['Teamwerk noord']);
    expect(await seen(tree.cookie)).toEqual(['Teamwerk noord', 'Teamwerk noordwest']);
    // A path the definitions do not know admits nothing (fail closed).
    expect(await seen(broken.cookie)).toEqual([]);
    // Steps: the tickets of every team of anyone in the user's teams.
    const steps = await plannerWith('plan4', {
      Kind: 'linked',
      Path: 'teammembers.User:Team > teammembers.Team:User > teammembers.User:Team',
    });
    await admin('/mvc/teammembers/save', { Team: south, User: steps.user });
    expect(await seen(steps.cookie)).toEqual(['Teamwerk zuid']);
    await admin('/mvc/teammembers/save', { Team: south, User: linked.user });
    expect(await seen(steps.cookie)).toEqual(['Teamwerk noord', 'Teamwerk zuid']);
  });
});

describe('automatic status changes (the auto-status task)', () => {
  it('moves a record that has been in a status for its delay, archives where the status says so, and logs it', async () => {
    const phase = async (ID: string) =>
      Number((await server.engine.pool.query('SELECT autoid FROM ticketphases WHERE id = $1', [ID])).rows[0].autoid);
    const [wait, later, done] = [await phase('wait'), await phase('later'), await phase('done')];
    const moving = await ticket({ Descr: 'Wacht', Phase: wait });
    const staying = await ticket({ Descr: 'Later', Phase: later });
    const { autoStatus } = await import('../../server/jobs/auto-status.ts');
    const run = () =>
      autoStatus.run(
        {
          pool: server.engine.pool,
          snapshot: () => server.engine.registry.snapshot,
          files: server.engine.files,
          log: () => {},
        },
        {},
        { last: true },
      );
    await run();
    expect((await item(moving.AutoID)).Phase).toBe(done);
    expect((await item(staying.AutoID)).Phase).toBe(later);
    const log = (await admin('/mvc/tickets/GetStatusLog', { autoid: moving.AutoID })).body.Data[0];
    expect(log).toMatchObject({ Transition: 'auto', FromLabel: 'Wachten', ToLabel: 'Afgerond', By: 'system' });
    // In "done" it is archived on the next run (the status's own delay is 0 days).
    await run();
    expect((await item(moving.AutoID)).Archive).toBe(true);
    expect((await item(staying.AutoID)).Archive).toBe(false);
  });
});
