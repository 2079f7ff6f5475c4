// The transport types of working tickets (spec 2 §9: none, car, car with trailer, small van, van,
// truck) are one enumeration: the ticket's field and the working ticket settings' default offer the
// same codes in the spec's order, so a default chosen in the settings is a value a ticket accepts.
// A ticket's status shows as one field (Status) in its header and grid, as an order's does.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const PACKS = path.resolve(import.meta.dirname, '..', '..', 'definitions', 'packs');
const SPEC_CODES = ['none', 'car', 'carwithtrailer', 'smallvan', 'van', 'truck'];

interface Field {
  name: string;
  options?: { value: string; label: string }[];
}
const optionsOf = (table: string, field: string) => {
  const file = path.join(PACKS, 'base', 'tables', `${table}.json`);
  const parsed: { fields: Field[] } = JSON.parse(readFileSync(file, 'utf8'));
  return parsed.fields.find((f) => f.name === field)?.options ?? [];
};

describe('transport types of working tickets', () => {
  it('are the codes of the specification, in its order, on the ticket and in the settings', () => {
    const ticket = optionsOf('workingtickets', 'TransportType');
    const settings = optionsOf('workingticketsettings', 'DefaultTransportType');
    expect(ticket.map((o) => o.value)).toEqual(SPEC_CODES);
    expect(settings).toEqual(ticket);
  });

  it('are used by the demo tickets only as those codes', () => {
    const seed: { rows: { TransportType?: string }[] } = JSON.parse(
      readFileSync(path.join(PACKS, 'demo', 'seed', 'workingtickets.json'), 'utf8'),
    );
    const used = seed.rows.flatMap((r) => (r.TransportType ? [r.TransportType] : []));
    expect(used).toContain('carwithtrailer');
    for (const code of used) expect(SPEC_CODES).toContain(code);
  });
});

describe('the status of working tickets', () => {
  const read = (
    kind: string,
  ): {
    header?: string[];
    layouts?: { Columns: { FieldName: string }[] }[];
  } => JSON.parse(readFileSync(path.join(PACKS, 'base', kind, 'workingtickets.json'), 'utf8'));

  it("shows as one field in the header and the grid, as an order's status does", () => {
    expect(read('screens').header?.filter((f) => f === 'Status' || f === 'Processed')).toEqual(['Status']);
    for (const layout of read('grids').layouts ?? [])
      expect(layout.Columns.map((c) => c.FieldName).filter((f) => f === 'Status' || f === 'Processed')).toEqual([
        'Status',
      ]);
  });
});
