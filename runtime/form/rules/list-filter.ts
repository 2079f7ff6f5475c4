// A picker whose field has a listFilter (ListConfig.For): its lookup is asked for that field with
// the values of the record being edited that the filter reads, so the server offers only the rows
// that fit (a contact person of the chosen relation, an order line of the receipt's order).
import type { ListConfig } from '../types.ts';

/** The lookup parameters a field's listFilter adds: `For` and the record's fields it reads. */
export function recordLimits(config: ListConfig, record: Record<string, unknown>): Record<string, unknown> {
  if (!config.For) return {};
  const reads = ['AutoID', ...(config.Reads ?? [])];
  return { For: config.For, Record: Object.fromEntries(reads.map((name) => [name, record[name] ?? null])) };
}
