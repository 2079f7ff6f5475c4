// Engine features on the test packs (tests/packs/testbills): a transition's list prompt that offers
// and takes only the rows of its filter, a prompt and a `requires` that a settings table's row
// decides (`$settings.billsettings.RequireReason`), and a total whose filter reads the parent row of
// each child (`Bill.Status`), added up again when that parent changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ config: { packs: ['testbase', 'testbills'] } });
}, 60_000);
afterAll(async () => {
  await server?.close();
});

interface Row {
  AutoID: number;
  TimeStamp: number;
  [field: string]: unknown;
}
interface Answer {
  status: number;
  body: Row & {
    Data: Row[];
    Results: Row[];
    Succeeded: number;
    Failed: number;
    ModelState: Record<string, string[]>;
    Transitions: { Name: string; Prompts: { Name: string; ListMethod: string; For?: string; Required: boolean }[] }[];
  };
}
const call = (url: string, body: unknown = {}): Promise<Answer> => post(server.app, url, body);
const rows = async (table: string, FieldName?: string, Value?: unknown) =>
  (await call(`/mvc/${table}/GetFlexData`, FieldName ? { operatorFilter: [{ FieldName, Operator: '=', Value }] } : {}))
    .body.Data;
const reason = async (ID: string) => (await rows('billreasons', 'ID', ID))[0].AutoID;
const change = (ids: number[], Transition: string, Values: Record<string, unknown> = {}) =>
  call('/mvc/bills/ChangeStatus', { autoids: ids, Transition, Values });
const item = async (table: string, id: number) => (await call(`/mvc/${table}/GetItem`, { autoid: id })).body;
const requireReason = async (RequireReason: boolean) => {
  const [row] = await rows('billsettings');
  expect((await call('/mvc/billsettings/save', { ...row, RequireReason })).status).toBe(200);
};
/** The prompt of the transition `withdraw` as GetTransitions describes it for the bill. */
const withdrawPrompt = async (autoid: number) => {
  const { Transitions } = (await call('/mvc/bills/GetTransitions', { autoid })).body;
  const [prompt] = Transitions.find((t) => t.Name === 'withdraw')?.Prompts ?? [];
  expect(prompt).toBeDefined();
  return prompt;
};
const draft = async (Descr: string) => (await call('/mvc/bills/save', { Descr })).body.AutoID;

describe('a list prompt with a filter', () => {
  it('offers only the rows of its filter to the picker the transition describes', async () => {
    const id = await draft('Filter');
    const prompt = await withdrawPrompt(id);
    expect(prompt).toMatchObject({ Name: 'WithdrawReason', For: 'bills.withdraw.WithdrawReason', Required: true });
    const lookup = await call(`/${prompt.ListMethod}`, { For: prompt.For, Record: { AutoID: id } });
    expect(lookup.status).toBe(200);
    expect(lookup.body.Data.map((r) => r.Descr).sort()).toEqual(['Dubbel', 'Vergissing']);
    // Without the prompt the list offers every row; a prompt of another list is refused.
    expect((await call(`/${prompt.ListMethod}`, {})).body.Data).toHaveLength(3);
    expect((await call('/mvc/_lists/jobs', { For: prompt.For })).status).toBe(400);
  });

  it('refuses a row outside the filter, naming the prompt, and writes nothing', async () => {
    const id = await draft('Buiten filter');
    const refused = await change([id], 'withdraw', { WithdrawReason: await reason('ANDERS') });
    expect(refused.body).toMatchObject({
      Failed: 1,
      Results: [
        {
          Key: 'validation.prompt_filter',
          Error: 'De gekozen waarde voor Reden is hier niet toegestaan; kies er een uit de lijst.',
        },
      ],
    });
    expect(await item('bills', id)).toMatchObject({ Status: 'draft', WithdrawReason: null });
    const taken = await change([id], 'withdraw', { WithdrawReason: await reason('DUBBEL') });
    expect(taken.body).toMatchObject({ Succeeded: 1 });
    expect(await item('bills', id)).toMatchObject({ Status: 'void', WithdrawReason: await reason('DUBBEL') });
  });
});

describe('a prompt and a requires that a setting decides', () => {
  it('needs the reason while the setting is on, and not while it is off', async () => {
    await requireReason(true);
    const id = await draft('Instelling');
    const bare = await call('/mvc/bills/ChangeStatus', { autoids: [id], Transition: 'withdraw', Values: {} });
    expect(bare.status).toBe(400);
    expect(bare.body.ModelState).toEqual({
      WithdrawReason: ['Geef de reden waarom de rekening wordt ingetrokken.'],
    });
    expect(await item('bills', id)).toMatchObject({ Status: 'draft' });

    await requireReason(false);
    try {
      expect((await withdrawPrompt(id)).Required).toBe(false);
      expect((await change([id], 'withdraw')).body).toMatchObject({ Succeeded: 1 });
      expect(await item('bills', id)).toMatchObject({ Status: 'void', WithdrawReason: null });
    } finally {
      await requireReason(true);
    }
  });
});

describe('a total whose filter reads the parent of each child', () => {
  it('counts no line of a void bill, and follows the bill when it is voided', async () => {
    const job = (await call('/mvc/jobs/save', { ID: 'HEK', Descr: 'Hek' })).body.AutoID;
    const part = (await call('/mvc/jobparts/save', { Job: job, Descr: 'Paal', Delivered: 5, Price: 10 })).body.AutoID;
    // Two bills of the job, each with a line of the part (5 × 10).
    for (let i = 0; i < 2; i++)
      expect((await call('/mvc/jobs/RunAction', { Action: 'bill', autoids: [job] })).body).toMatchObject({
        Succeeded: 1,
      });
    const [first, second] = (await rows('bills', 'Job', job)).map((b) => b.AutoID);
    expect((await item('jobparts', part)).Billed).toBe(100);
    expect((await change([first], 'void', { Reason: 'Dubbel' })).body).toMatchObject({ Succeeded: 1 });
    expect((await item('jobparts', part)).Billed).toBe(50);
    // A change of the bill that the filter does not read leaves the total as it is.
    const kept = await item('bills', second);
    expect(
      (await call('/mvc/bills/save', { AutoID: second, Descr: 'Hek twee', TimeStamp: kept.TimeStamp })).status,
    ).toBe(200);
    expect((await item('jobparts', part)).Billed).toBe(50);
    expect((await change([second], 'complete')).body).toMatchObject({ Succeeded: 1 });
    expect((await item('jobparts', part)).Billed).toBe(50);
  });

  it('follows a total of the parent row that the filter reads, added up when another child changes it', async () => {
    const job = (await call('/mvc/jobs/save', { ID: 'POORT', Descr: 'Poort' })).body.AutoID;
    const part = (await call('/mvc/jobparts/save', { Job: job, Descr: 'Scharnier', Delivered: 5, Price: 10 })).body
      .AutoID;
    expect((await call('/mvc/jobs/RunAction', { Action: 'bill', autoids: [job] })).body).toMatchObject({
      Succeeded: 1,
    });
    const [made] = await rows('bills', 'Job', job);
    // The bill's total (50) is below the filter's 100 until a line of no part brings it to 110.
    expect((await item('jobparts', part)).BilledLarge).toBe(0);
    expect((await call('/mvc/billlines/save', { Bill: made.AutoID, Descr: 'Arbeid', Amount: 60 })).status).toBe(200);
    expect((await item('bills', made.AutoID)).Total).toBe(110);
    expect((await item('jobparts', part)).BilledLarge).toBe(50);
  });
});
