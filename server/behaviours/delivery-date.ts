// Delivery-date feasibility (spec 2 §5): an order cannot be delivered before its order date plus
// the lead time, counted in the workable days of its schedule (the order's, else its deliver
// relation's, else Monday to Friday) skipping the schedule's holidays, and only on a workable
// day. The lead time is the delivery term of the order's transport method (spec 3: a transport
// method's deliveryterm), none without one. A schedule is any row with the seven weekday flags,
// reached by a list field. A deliver date that cannot be met is refused naming the earliest
// possible date, and every write keeps that date on the order (EarliestDeliverDate) for the
// basket to show.
import type pg from 'pg';
import { invalidFields } from '../errors.ts';
import { ident } from '../db/sql.ts';
import type { RecordBehaviour } from '../data/record-behaviours.ts';
import { referencedModel, relatedValues, type TableOf } from '../data/related.ts';
import type { TableModel } from '../metadata/model.ts';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
/** Without a schedule, Monday to Friday. */
const OFFICE_WEEK = [false, true, true, true, true, true, false];
/** The fields whose change asks for the date to be judged again, besides the schedule's own field. */
const WATCHED = ['DeliverDate', 'OrderDate', 'TransportMethod', 'DeliverRelation'];
/** A schedule is searched this far ahead; a schedule without any workable day ends the search. */
const MAX_DAYS = 366 * 2;

interface Schedule { days: boolean[]; holidays: Set<string> }

const addDays = (date: string, n: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const isWorkable = (s: Schedule, date: string) => s.days[new Date(`${date}T00:00:00Z`).getUTCDay()] && !s.holidays.has(date);

/** The first workable day on or after `from` after `lead` more workable days; null when the schedule has none. */
export function earliestDeliverDate(from: string, lead: number, s: Schedule): string | null {
  let date = from;
  let left = Math.max(0, Math.trunc(lead));
  for (let i = 0; i < MAX_DAYS; i++) {
    if (isWorkable(s, date)) {
      if (left === 0) return date;
      left--;
    }
    date = addDays(date, 1);
  }
  return null;
}

/** The list field of `model` that names a schedule (a row with the seven weekday flags). */
function scheduleField(model: TableModel | undefined, tableOf: TableOf): string | undefined {
  return model?.listJoins.find((j) => WEEKDAYS.every((d) => tableOf(j.ref.name)?.byName.has(d.toLowerCase())))?.field.name;
}

async function scheduleOf(client: pg.PoolClient, model: TableModel, record: Record<string, unknown>, tableOf: TableOf): Promise<{ schedule: Schedule; lead: number }> {
  const own = scheduleField(model, tableOf);
  const relation = model.byName.has('deliverrelation') ? scheduleField(referencedModel(model, 'DeliverRelation', tableOf), tableOf) : undefined;
  const vias = [own, relation && `DeliverRelation.${relation}`].filter((v): v is string => !!v);
  const paths = vias.flatMap((via) => [...WEEKDAYS, 'Holidays', 'AutoID'].map((f) => `${via}.${f}`));
  if (model.byName.has('transportmethod')) paths.push('TransportMethod.DeliveryTerm');
  const related = (await relatedValues(client, model, record, paths.map((p) => ({ var: p })), tableOf)) ?? new Map<string, unknown>();
  const via = vias.find((v) => related.get(`${v}.AutoID`) != null);
  const schedule: Schedule = via
    ? { days: WEEKDAYS.map((d) => related.get(`${via}.${d}`) === true), holidays: new Set(String(related.get(`${via}.Holidays`) ?? '').match(/\d{4}-\d{2}-\d{2}/g) ?? []) }
    : { days: OFFICE_WEEK, holidays: new Set() };
  return { schedule, lead: Number(related.get('TransportMethod.DeliveryTerm') ?? 0) };
}

async function earliestFor(client: pg.PoolClient, model: TableModel, record: Record<string, unknown>, tableOf: TableOf) {
  const orderDate = record.OrderDate;
  if (typeof orderDate !== 'string' || !orderDate) return { earliest: null, schedule: null };
  const { schedule, lead } = await scheduleOf(client, model, record, tableOf);
  return { earliest: earliestDeliverDate(orderDate, lead, schedule), schedule };
}

export const deliveryDate: RecordBehaviour = {
  async check(client, model, merged, current, tableOf) {
    const deliver = merged.DeliverDate;
    if (typeof deliver !== 'string' || !deliver) return;
    const watched = [...WATCHED, scheduleField(model, tableOf)].filter((n): n is string => !!n);
    if (current && !watched.some((name) => (current[name] ?? null) !== (merged[name] ?? null))) return;
    const { earliest, schedule } = await earliestFor(client, model, merged, tableOf);
    if (!earliest || !schedule) return;
    if (deliver < earliest || !isWorkable(schedule, deliver)) {
      throw invalidFields({ DeliverDate: [{ id: 'validation.deliver_date', args: [deliver, earliest] }] });
    }
  },
  async written(client, model, after, _before, tableOf) {
    const field = model.byName.get('earliestdeliverdate');
    if (!after || !field) return;
    const { earliest } = await earliestFor(client, model, after, tableOf);
    // Derived by the server, so no TimeStamp moves: a form open on the order stays savable.
    await client.query(`UPDATE ${ident(model.table.sqlName)} SET ${ident(field.sqlName)} = $1 WHERE autoid = $2 AND ${ident(field.sqlName)} IS DISTINCT FROM $1`, [earliest, after.AutoID]);
  },
};
