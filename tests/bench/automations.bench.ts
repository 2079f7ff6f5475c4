// Automations benchmark: what a change that matches 50 automations costs the request that saves it.
//
// What is measured
//   The engine runs the shipped packs (base + demo). 50 enabled automations each watch a change
//   of a relation's description (two triggers each, so a run is queued per automation, not per
//   trigger) and e-mail someone. One relation's description is saved through POST
//   mvc/relations/save, SAVES times, while every statement the engine sends (pool and
//   transaction clients) is counted: all statements of its transaction, and the inserts into automationruns. The
//   floor is the same save with the automations switched off. The runs' work (reading the
//   record, the condition, queuing the e-mails) happens later in the automation job and is not
//   part of the request.
//
// Nothing is asserted: the figures are printed.
//
// Run: node --import tsx tests/bench/automations.bench.ts
import type pg from 'pg';
import { startShipped } from './shipped.ts';
import { printTable } from './table.ts';

const AUTOMATIONS = 50;
const SAVES = 20;
const log = (line: string) => process.stderr.write(`${line}\n`);

/**
 * The statements of the saving request's transaction (BEGIN to COMMIT on the client that updated
 * the row), apart from what other work (the event hub, the job service) sends meanwhile.
 */
async function statementsOf(pool: pg.Pool, table: string, work: () => Promise<unknown>): Promise<string[]> {
  const byClient = new Map<object, string[]>();
  const wrapped = new WeakSet<object>();
  const textOf = (q: unknown) =>
    typeof q === 'string' ? q : q && typeof q === 'object' && 'text' in q ? String(q.text) : String(q);
  let counting = true;
  const wrap = (client: pg.PoolClient) => {
    if (wrapped.has(client)) return;
    wrapped.add(client);
    const original = client.query.bind(client);
    Object.assign(client, {
      query: (...args: Parameters<typeof original>) => {
        if (counting) byClient.set(client, [...(byClient.get(client) ?? []), textOf(args[0])]);
        return original(...args);
      },
    });
  };
  pool.on('acquire', wrap);
  try {
    await work();
  } finally {
    counting = false;
    pool.off('acquire', wrap);
  }
  const saving = [...byClient.values()].find((s) => s.some((x) => x.startsWith(`UPDATE "${table}"`)));
  if (!saving) throw new Error('the save sent no update');
  return saving.slice(saving.indexOf('BEGIN'), saving.lastIndexOf('COMMIT') + 1);
}

async function main(): Promise<void> {
  const shipped = await startShipped('automations');
  const { app, engine } = shipped;
  try {
    const { headers } = await shipped.listen();
    const call = async (url: string, body: Record<string, unknown>) => {
      const res = await app.inject({ method: 'POST', url, payload: body, headers });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return JSON.parse(res.body);
    };
    const relation = await call('/mvc/relations/save', { ID: 'BENCH', Descr: 'Bench 0', Email: 'b@example.org' });
    const ids: number[] = [];
    for (let i = 0; i < AUTOMATIONS; i++) {
      const a = await call('/mvc/automations/save', { ID: `BENCH-${i}`, Descr: `Bench ${i}`, Enabled: false });
      for (const Field of ['Descr', ''])
        await call('/mvc/automationtriggers/save', {
          Automation: a.AutoID,
          Kind: 'changed',
          Table: 'relations',
          Field,
        });
      await call('/mvc/automationactions/save', {
        Automation: a.AutoID,
        Kind: 'email',
        To: '{Email}',
        Subject: '{Descr}',
      });
      ids.push(a.AutoID);
    }
    // Through the API, as an administrator would: every process reads the triggers again.
    const enable = async (Enabled: boolean) => {
      for (const autoid of ids)
        await call('/mvc/automations/save', { ...(await call('/mvc/automations/GetItem', { autoid })), Enabled });
    };
    let n = 0;
    const saves = async () => {
      for (let i = 0; i < SAVES; i++) {
        const current = await call('/mvc/relations/GetItem', { autoid: relation.AutoID });
        n++;
        const statements = await statementsOf(engine.pool, 'relations', () =>
          call('/mvc/relations/save', { ...current, Descr: `Bench ${n}` }),
        );
        counts.push(statements);
      }
    };
    let counts: string[][] = [];
    // The floor: the same saves with no automation on.
    await enable(false);
    await call('/mvc/relations/save', {
      ...(await call('/mvc/relations/GetItem', { autoid: relation.AutoID })),
      Descr: 'warm',
    });
    await saves();
    const floor = counts;
    counts = [];
    await enable(true);
    // The first save after the automations changed reads their triggers once (kept until they change).
    await call('/mvc/relations/save', {
      ...(await call('/mvc/relations/GetItem', { autoid: relation.AutoID })),
      Descr: 'warm',
    });
    await saves();
    const matched = counts;
    const inserts = (s: string[]) => s.filter((x) => /^INSERT INTO "?automationruns"?/i.test(x.trim())).length;
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const runs = Number(
      (await engine.pool.query('SELECT count(*) AS n FROM automationruns WHERE automation = ANY($1)', [ids])).rows[0].n,
    );
    printTable(
      [
        'save of one relation',
        'statements of its transaction (median)',
        'inserts into automationruns (median)',
        'runs queued in all',
      ],
      [
        [
          'floor: no automation on',
          String(median(floor.map((s) => s.length))),
          String(median(floor.map(inserts))),
          '-',
        ],
        [
          `${AUTOMATIONS} automations match`,
          String(median(matched.map((s) => s.length))),
          String(median(matched.map(inserts))),
          String(runs),
        ],
      ],
    );
    log(`${SAVES} saves each; one insert statement queues the runs of all matching automations.`);
  } finally {
    await shipped.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
