// Fills a database of the shipped packs with service work at size, for the service benchmark
// (tests/bench/service.bench.ts) and for trying the service screens at size: PERSONS technicians
// (persons `GP-001`…), workflow items `GWF-0000001`… over the relations, objects, groups,
// categories, priorities and teams the database already has (open 70%, finished 25%, waiting 5%,
// reported over the last three years, due 14 days later, assigned to a technician), and
// HOURS_PER_ITEM hour registrations per item (or as many as the caller says) (the item's technician or another, on the days
// after it was reported, 08:00 plus a whole number of hours, one to three hours long, of the
// hour kinds there are). Computed and rollup fields are as the definitions compute them: an
// item's finished flag from its status and its hours from its registrations; a registration's
// duration from its times (no rounding: the settings' default), its week end (the Sunday of its
// ISO week), rate (its hour kind's), amount and billable flag.
//
//   DATABASE_URL=postgres://… npm run generate:service -- 1000000
//
// Each table is written by one INSERT … SELECT over generate_series, with its indexes dropped
// and rebuilt afterwards.
import type pg from 'pg';
import { bulkFill, generatorMain, ids, MODEL_NAMES, pick, sqlArray } from './bulk-fill.ts';

/** Hour registrations per generated workflow item, unless the caller says otherwise. */
export const HOURS_PER_ITEM = 10;
/** The generated technicians, over whom the items and hours are spread. */
export const PERSONS = 200;

const WORDS = {
  fault: ['Storing', 'Lekkage', 'Onderhoud', 'Inspectie', 'Reparatie', 'Keuring', 'Defect', 'Controle'],
  part: ['hydrauliek', 'motor', 'accu', 'remmen', 'verlichting', 'besturing', 'banden', 'koeling'],
  ...MODEL_NAMES,
};

const PERSONS_SQL = `
INSERT INTO persons (lastname, descr, status, personnelnumber, createdby, modifiedby)
SELECT 'Monteur ' || lpad(i::text, 3, '0'), 'Monteur ' || lpad(i::text, 3, '0'),
  (SELECT autoid FROM personstatuses ORDER BY autoid LIMIT 1), 'GP-' || lpad(i::text, 3, '0'), 'generator', 'generator'
FROM generate_series(1, ${PERSONS}) AS i`;

/** Workflow items $1…$2 of the default administration. */
const ITEMS_SQL = `
WITH v AS (
  SELECT ${Object.entries(WORDS)
    .map(([name, words]) => `${sqlArray(words)} AS ${name}`)
    .join(', ')},
    ${ids('relations')} AS relation, ${ids('objects')} AS object, ${ids('workflowgroups')} AS grp,
    ${ids('workflowcategories')} AS category, ${ids('workflowpriorities')} AS priority, ${ids('teams')} AS team,
    ${ids(`persons WHERE personnelnumber LIKE 'GP-%' AND createdby = 'generator'`)} AS person,
    (SELECT autoid FROM administrations ORDER BY isdefault DESC NULLS LAST, autoid LIMIT 1) AS administration
)
INSERT INTO workflows (id, shortdescr, administration, status, finished, workflowkind, workflowgroup, category,
  priority, relation, reference, reportedon, duedate, object, assignedteam, assignedperson, isfixedpricework,
  hours, productsamount, searchtags, archive, createdby, modifiedby)
SELECT 'GWF-' || lpad(i::text, 7, '0'), g.descr, v.administration, st.autoid, coalesce(st.finished, false), 'incident',
  ${pick('grp')}, ${pick('category')}, ${pick('priority')}, ${pick('relation')}, 'MELD-' || lpad(((i::bigint * 7919) % 100000)::text, 5, '0'),
  g.reportedon, g.reportedon + 14, ${pick('object')}, ${pick('team')}, ${pick('person')}, false,
  0, 0, lower(${pick('syl1')} || ${pick('syl2')}), false, 'generator', 'generator'
FROM v, generate_series($1::int, $2::int) AS i,
LATERAL (
  SELECT ${pick('fault')} || ' ' || ${pick('part')} || ' ' || initcap(${pick('syl1')} || ${pick('syl2')}) AS descr,
    CASE WHEN r < 0.70 THEN '0' WHEN r < 0.95 THEN '1' ELSE '2' END AS state,
    current_date - floor(random() * 1095)::int AS reportedon
  FROM (SELECT random() + 0 * i AS r) x
) g
JOIN workflowstatuses st ON st.id = g.state`;

/** `perItem` registrations for each generated item with an AutoID from $1 to $2. */
const hoursSql = (perItem: number) => `
WITH v AS (
  SELECT ${ids(`persons WHERE personnelnumber LIKE 'GP-%' AND createdby = 'generator'`)} AS person,
    ${ids('hourkinds')} AS kind
)
INSERT INTO hourregistrations (person, date, starttime, endtime, duration, weekend, hourkind, workflow, rate, amount,
  isbillable, createdby, modifiedby)
SELECT h.person, h.date, make_time(h.start, 0, 0), make_time(h.start + h.hours, 0, 0), h.hours,
  (date_trunc('week', h.date) + interval '6 days')::date, k.autoid, w.autoid, k.rate,
  round(h.hours * coalesce(k.rate, 0), 2), coalesce(k.isbillable, false), 'generator', 'generator'
FROM workflows w CROSS JOIN generate_series(1, ${perItem}) AS n
CROSS JOIN LATERAL (
  SELECT CASE WHEN random() < 0.6 THEN w.assignedperson ELSE ${pick('person')} END AS person,
    w.reportedon + (n - 1) / 3 AS date, 8 + ((n - 1) % 3) * 3 AS start, 1 + floor(random() * 3)::int AS hours,
    ${pick('kind')} AS kind
  FROM v WHERE n > 0 AND w.autoid > 0
) h
JOIN hourkinds k ON k.autoid = h.kind
WHERE w.autoid BETWEEN $1 AND $2 AND w.createdby = 'generator'`;

/** Each generated item's hours, as its rollup keeps them. */
const TOTALS_SQL = `
UPDATE workflows w SET hours = s.hours
  FROM (SELECT workflow, sum(duration) AS hours FROM hourregistrations WHERE workflow BETWEEN $1 AND $2 GROUP BY workflow) s
 WHERE w.autoid = s.workflow`;

/** Hours are written in chunks of items, so one statement's sort for the rollup stays small. */
const CHUNK = 250_000;

export async function generateService(
  pool: pg.Pool,
  items: number,
  log: (line: string) => void = () => undefined,
  hoursPerItem = HOURS_PER_ITEM,
): Promise<void> {
  let first = 0;
  let last = 0;
  await bulkFill(pool, { table: 'workflows', seed: 0.34, vacuum: ['persons'], log }, async (client, step) => {
    const persons = Number(
      (await client.query(`SELECT count(*) AS n FROM persons WHERE createdby = 'generator'`)).rows[0].n,
    );
    if (persons < PERSONS) await step(`${PERSONS} technicians`, PERSONS_SQL);
    const from =
      1 + Number((await client.query(`SELECT count(*) AS n FROM workflows WHERE createdby = 'generator'`)).rows[0].n);
    const made = await step<{ first: string; last: string }>(
      `${items.toLocaleString('en')} workflow items`,
      `WITH made AS (${ITEMS_SQL} RETURNING autoid) SELECT min(autoid) AS first, max(autoid) AS last FROM made`,
      [from, from + items - 1],
    );
    first = Number(made.rows[0].first);
    last = Number(made.rows[0].last);
  });
  await bulkFill(
    pool,
    { table: 'hourregistrations', seed: 0.35, vacuum: ['workflows', 'hourregistrations'], log },
    async (_client, step) => {
      for (let at = first; at <= last; at += CHUNK) {
        const till = Math.min(at + CHUNK - 1, last);
        await step(`hour registrations of items ${at} to ${till}`, hoursSql(hoursPerItem), [at, till]);
        await step("their items' hours", TOTALS_SQL, [at, till]);
      }
    },
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await generatorMain('generate:service', generateService);
