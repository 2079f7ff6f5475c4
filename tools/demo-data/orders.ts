// Writes the demo pack's orders and purchasing: stock of the sale products in the three
// warehouses (a few below their minimum, so "Voorraad inkopen" has work), about 300 customer
// orders in every status of their workflow with sale, rental and comment lines, about 150
// purchase orders at the suppliers of the products area in every status of theirs, and about 40
// receipts of those purchase orders (concept and processed). It also gives the administrations
// their order, purchase and receipt numbering, continuing after the seeded numbers.
//   node --import tsx tools/demo-data/orders.ts
// It reads the seeds of the relations, persons, locations, warehouses and products areas
// (tools/demo-data/*.ts and the hand-written ones). Seeds are inserted as they are, without the
// server's behaviour, so what the server keeps itself (line subtotals and order totals, the
// earliest deliver date, received quantities and line statuses) is computed here the same way.
// The same input always gives the same files: the varying values come from a generator with a
// fixed seed.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pad, randomness, SEED_DIR, writeSeed, type Row } from './seeds.ts';

const { random, between, pick } = randomness(8_2026);

function readSeed(table: string): Row[] {
  const file = path.join(SEED_DIR, `${table}.json`);
  if (!existsSync(file)) throw new Error(`the ${table} seed is missing: write the other demo areas first`);
  return (JSON.parse(readFileSync(file, 'utf8')) as { rows: Row[] }).rows;
}

/** The same day as the objects area's "today", so both areas tell one story. */
const TODAY = '2026-11-20';
const DAY = 86_400_000;
const dateOf = (iso: string) => new Date(`${iso}T00:00:00Z`);
const isoOf = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (iso: string, n: number) => isoOf(new Date(dateOf(iso).getTime() + n * DAY));
const isWeekday = (iso: string) => {
  const d = dateOf(iso).getUTCDay();
  return d !== 0 && d !== 6;
};
const daysBetween = (from: string, to: string) => Math.round((dateOf(to).getTime() - dateOf(from).getTime()) / DAY);
/** The first weekday on or after a date. */
const weekdayFrom = (iso: string) => {
  let d = iso;
  while (!isWeekday(d)) d = addDays(d, 1);
  return d;
};
/** The last weekday on or before a date. */
const weekdayBefore = (iso: string) => {
  let d = iso;
  while (!isWeekday(d)) d = addDays(d, -1);
  return d;
};
/** The weekday `n` workdays after a date (Monday to Friday, as the server counts without a schedule). */
function addWorkdays(iso: string, n: number): string {
  let d = iso;
  for (let left = n; left > 0;) {
    d = addDays(d, 1);
    if (isWeekday(d)) left--;
  }
  return d;
}
const daysAgo = (low: number, high: number) => addDays(TODAY, -between(low, high));

const cents = (n: number) => Math.round(n * 100) / 100;
const sumOf = (rows: Row[], field: string) => rows.reduce((s, r) => s + Number(r[field] ?? 0), 0);

/** A weighted pick: `[value, weight]` pairs. */
function weighted<T>(choices: readonly (readonly [T, number])[]): T {
  let r = random() * choices.reduce((s, [, w]) => s + w, 0);
  for (const [value, w] of choices) if ((r -= w) < 0) return value;
  return choices[choices.length - 1][0];
}

// ---------------------------------------------------------------------------------------------
// What the other areas seeded.

const relations = readSeed('relations');
const persons = readSeed('persons');
const locations = readSeed('locations');
const warehouses = readSeed('warehouses');
const products = readSeed('products');
const rentalRates = readSeed('productrentalrates');
const productSuppliers = readSeed('productsuppliers');
const vatPercentage = new Map(readSeed('vatcodes').map((v) => [String(v.ID), Number(v.Percentage)]));
const administrations = readSeed('administrations');

const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));
const productById = new Map(products.map((p) => [String(p.ID), p]));
/** Orderable: not blocked for orders, not phased out of the range. */
const orderable = (p: Row) => !p.BlockedForOrder && p.Status !== 'GEBLOKKEERD' && p.Status !== 'VERVALLEN';
const contactOf = new Map(
  persons.filter((p) => p.PersonnelNumber && p.Relation).map((p) => [String(p.Relation), String(p.PersonnelNumber)]),
);
const warehouseById = new Map(warehouses.map((w) => [String(w.ID), w]));
const locationById = new Map(locations.map((l) => [String(l.ID), l]));
const depotOf = (id: string): string => {
  let at = locationById.get(id);
  while (at?.ParentLocation) at = locationById.get(String(at.ParentLocation));
  return str(at?.ID ?? id);
};
/** The halls of a warehouse's depot: where its stock is kept. */
const hallsOf = (warehouse: string) =>
  locations
    .filter((l) => l.LocationType === 'HAL' && depotOf(String(l.ID)) === str(warehouseById.get(warehouse)?.Location))
    .map((l) => String(l.ID));

/** The warehouse that serves a city: the north and the south-west (Belgium too) from their own depot, the rest mostly from Utrecht. */
const NORTH = ['Groningen', 'Zuidhorn', 'Leek', 'Zwolle', 'Kampen'];
const SOUTH_WEST = [
  'Rotterdam',
  'Schiedam',
  'Delft',
  'Dordrecht',
  'Den Haag',
  'Zoetermeer',
  'Breda',
  'Moerdijk',
  'Antwerpen',
  'Gent',
];
const warehouseFor = (city: string) =>
  NORTH.includes(city)
    ? 'MAG-03'
    : SOUTH_WEST.includes(city)
      ? 'MAG-02'
      : weighted([
          ['MAG-01', 6],
          ['MAG-02', 2],
          ['MAG-03', 1],
        ] as const);

// ---------------------------------------------------------------------------------------------
// Numbering: each administration numbers its orders, purchase orders and receipts itself.

interface Numbering {
  prefix: string;
  length: number;
}
const NUMBERING: Record<string, Record<'Order' | 'Purchase' | 'Receipt', Numbering>> = {
  HOOFD: {
    Order: { prefix: 'ORD-', length: 6 },
    Purchase: { prefix: 'INK-', length: 6 },
    Receipt: { prefix: 'ONT-', length: 6 },
  },
  BELGIE: {
    Order: { prefix: 'BE-ORD-', length: 5 },
    Purchase: { prefix: 'BE-INK-', length: 5 },
    Receipt: { prefix: 'BE-ONT-', length: 5 },
  },
};
const used: Record<string, Record<string, number>> = {};
function nextNumber(administration: string, kind: 'Order' | 'Purchase' | 'Receipt'): string {
  const n = NUMBERING[administration][kind];
  const at = ((used[administration] ??= {})[kind] = (used[administration][kind] ?? 0) + 1);
  return `${n.prefix}${pad(at, n.length)}`;
}
/** Numbers in the order the records were made: by date, then as generated. */
function numberByDate(
  rows: { row: Row; date: string }[],
  kind: 'Order' | 'Purchase' | 'Receipt',
  adminOf: (r: Row) => string,
) {
  const sorted = rows.map((r, i) => ({ ...r, i })).sort((a, b) => a.date.localeCompare(b.date) || a.i - b.i);
  for (const { row } of sorted) row.ID = nextNumber(adminOf(row), kind);
}

// ---------------------------------------------------------------------------------------------
// Stock: one row per sale product kept in stock, in the warehouse that carries it.

const stockProducts = products.filter((p) => p.ProductType === 'sale' && p.StockType === 'bulk');
const stock: Row[] = stockProducts.map((p) => {
  const warehouse = weighted([
    ['MAG-01', 6],
    ['MAG-02', 3],
    ['MAG-03', 2],
  ] as const);
  const price = Number(p.Price ?? 0);
  // Cheap consumables are kept by the box, machine parts and tools by the piece.
  const [min, max] = price < 10 ? [25, 250] : price < 50 ? [10, 100] : price < 150 ? [4, 30] : [2, 10];
  return {
    Product: String(p.ID),
    Warehouse: warehouse,
    DefaultLocation: pick(hallsOf(warehouse)),
    MinimumStock: min,
    MaximumStock: max,
    Stock: between(min, max),
  };
});
// A few run low: below their minimum, some out of stock.
for (const [i, row] of stock.entries()) {
  if (i % 9 === 4) row.Stock = i % 27 === 4 ? 0 : between(0, Number(row.MinimumStock) - 1);
}
const stockOf = new Map(stock.map((s) => [String(s.Product), s]));

// ---------------------------------------------------------------------------------------------
// Orders.

/** How many orders of each status: most are done or under way, a few at every other step. */
const ORDER_STATUSES: [number, number][] = [
  [-1, 15],
  [0, 20],
  [1, 10],
  [2, 45],
  [3, 20],
  [4, 12],
  [5, 45],
  [6, 90],
  [7, 15],
  [8, 8],
  [9, 6],
  [13, 10],
  [14, 4],
];
/** When an order of the status was placed, in days before today. */
const ORDER_AGE: Record<number, [number, number]> = {
  [-1]: [0, 6],
  0: [1, 30],
  1: [1, 12],
  2: [1, 25],
  3: [5, 14],
  4: [5, 40],
  5: [12, 110],
  6: [25, 365],
  7: [5, 330],
  8: [2, 14],
  9: [10, 200],
  13: [20, 300],
  14: [15, 45],
};
const DELIVERED = new Set([3, 5, 6, 14]);
const RETURNED = new Set([6, 14]);
const OPEN = new Set([-1, 0, 1, 2, 3, 4, 5, 8]);
const NOT_YET_DELIVERED = new Set([-1, 0, 1, 2, 4, 8]);

/** Belgian customers are served by the Belgian branch; they and foreign customers pay no Dutch VAT. */
const BELGIAN = new Set(['R0007', 'R0008']);
const ABROAD = new Set(['R0007', 'R0008', 'R0015']);
const customers = relations.filter(
  (r) => !r.OwnOrganisation && ['KLANT', 'PARTICULIER'].includes(str(r.RelationGroup)),
);
/** Open orders are for customers one may still deliver to. */
const activeCustomers = customers.filter((r) => !r.Blocked && r.Status !== 'INACTIEF' && r.Status !== 'OPGEHEVEN');
const customerWeight = (r: Row) => (r.PrivatePerson ? 1 : r.Status === 'PROSPECT' ? 1 : 4);
const sitesOf = (relation: string, open: boolean) =>
  locations.filter(
    (l) =>
      l.Owner === relation &&
      ['BOUW', 'EVENEMENT', 'KLANTTERREIN'].includes(str(l.LocationType)) &&
      (!open || ['ACTIEF', 'TIJDELIJK', 'GEPLAND'].includes(str(l.Status))),
  );

const rentalProducts = products.filter((p) => p.ProductType === 'rental' && orderable(p));
const saleProducts = products.filter((p) => p.ProductType === 'sale' && orderable(p) && Number(p.Price ?? 0) > 0);
const services = saleProducts.filter((p) => p.ProductGroup === 'DIENSTEN');
const goods = saleProducts.filter((p) => p.ProductGroup !== 'DIENSTEN');
const TRANSPORT = 'ART-0158';

/** The product's standard rate in force on a date. */
function rateOf(product: string, on: string): Row | undefined {
  return (
    rentalRates
      .filter((r) => r.Product === product && r.RateCode === 'STD' && str(r.EffectiveDate) <= on)
      .sort((a, b) => str(b.EffectiveDate).localeCompare(str(a.EffectiveDate)))[0] ??
    rentalRates.find((r) => r.Product === product && r.RateCode === 'STD')
  );
}
/** The price of a rental period from the rate's day, week, month and quarter prices. */
function rentalPrice(rate: Row, days: number): number {
  const n = (k: string) => Number(rate[k] ?? 0);
  if (days <= 6) return n(`Day${Math.max(1, days)}`);
  if (days <= 7) return n('Week');
  if (days < 28) return cents(n('Week') * Math.ceil(days / 7));
  if (days < 90) return cents(n('Month') * Math.ceil(days / 30));
  return cents(n('Quarter') * Math.ceil(days / 91));
}

/** A line's subtotals, as the order lines' computed fields say (the engine computes them again as the seeds go in). */
function subtotals(line: Row): void {
  const quantity = Math.max(0, Number(line.OrderQuantity ?? 0) - Number(line.CancelQuantity ?? 0));
  const excl =
    line.LineType === 'comment'
      ? 0
      : cents(quantity * Number(line.Price ?? 0) * (1 - Number(line.DiscountPct ?? 0) / 100));
  const vat = cents((excl * (vatPercentage.get(str(line.VatCode)) ?? 0)) / 100);
  Object.assign(line, { SubtotalExclVat: excl, SubtotalVat: vat, SubtotalInclVat: cents(excl + vat) });
}
/** An order's totals: its lines plus order and transport costs, as the orders' computed fields say. */
function totals(order: Row, lines: Row[]): void {
  // Summed in cents, as the database sums the stored two-decimal amounts exactly.
  const lineExcl = Math.round(lines.reduce((s, l) => s + Math.round(Number(l.SubtotalExclVat) * 100), 0)) / 100;
  let excl = lineExcl;
  let vat = Math.round(lines.reduce((s, l) => s + Math.round(Number(l.SubtotalVat) * 100), 0)) / 100;
  for (const [method, amount, vatCode] of [
    ['OrderCostsMethod', 'OrderCostsAmount', 'OrderCostsVat'],
    ['TransportCostsMethod', 'TransportCostsAmount', 'TransportCostsVat'],
  ]) {
    const cost =
      order[method] === 'fixed'
        ? cents(Number(order[amount] ?? 0))
        : order[method] === 'percentage'
          ? cents((lineExcl * Number(order[amount] ?? 0)) / 100)
          : 0;
    excl += cost;
    vat += cents((cost * (vatPercentage.get(str(order[vatCode])) ?? 0)) / 100);
  }
  Object.assign(order, { TotalExclVat: cents(excl), TotalVat: cents(vat), TotalInclVat: cents(excl + vat) });
}

const COMMENTS = [
  'Afleveren via de bouwpoort aan de achterzijde; melden bij de uitvoerder.',
  'Graag vooraf bellen met de uitvoerder, bouwplaats is beperkt bereikbaar.',
  'Laden en lossen alleen tussen 7:00 en 9:00 uur.',
  'Machine vol getankt afleveren.',
  'Sleutels afgeven bij de keet van de uitvoerder.',
];
const NOTES = [
  'Klant wil bij verlenging een week van tevoren bericht.',
  'Offerte telefonisch besproken met de projectleider.',
  'Afrekening per week op basis van de werkelijke huurduur.',
  'Factuur onder vermelding van het projectnummer.',
  'Terrein is alleen bereikbaar met kleine vrachtwagen.',
];
const BLOCK_NOTE = 'Geblokkeerd in afwachting van betaling openstaande facturen.';

interface Order {
  row: Row;
  lines: Row[];
  date: string;
  admin: string;
}
const orders: Order[] = [];
for (const [status, count] of ORDER_STATUSES) {
  for (let k = 0; k < count; k++) {
    const open = OPEN.has(status);
    const pool = open ? activeCustomers : customers;
    const relation = weighted(pool.map((r) => [r, customerWeight(r)] as const));
    const relationId = String(relation.ID);
    const admin = BELGIAN.has(relationId) ? 'BELGIE' : 'HOOFD';
    const abroad = ABROAD.has(relationId);
    const site = (() => {
      const s = sitesOf(relationId, open);
      return s.length && random() < 0.85 ? pick(s) : undefined;
    })();
    const city = str(site?.City);
    const date = daysAgo(...ORDER_AGE[status]);
    // An order not yet on its way is delivered in the days to come; the others were, after the order.
    const after = addWorkdays(date, between(2, 8));
    const deliver = NOT_YET_DELIVERED.has(status)
      ? addWorkdays(TODAY, between(2, 12))
      : after <= TODAY
        ? after
        : [addWorkdays(date, 2), weekdayBefore(TODAY)].sort().pop()!;
    const row: Row = {
      Administration: admin,
      Status: status,
      OrderDate: date,
      DeliverDate: deliver,
      EarliestDeliverDate: weekdayFrom(date),
      DeliverRelation: relationId,
      Warehouse: warehouseFor(city),
      PaymentMethod:
        relation.PaymentMethod === 'prepayment'
          ? 'card'
          : relation.PaymentMethod === 'directdebit'
            ? 'directdebit'
            : 'invoice',
      PaymentTermDays: Number(relation.PaymentTermDays ?? 30),
    };
    if (site) row.DeliverLocation = String(site.ID);
    const contact = contactOf.get(relationId);
    if (contact) row.DeliverPerson = contact;
    if (relation.InvoiceRelation) row.InvoiceRelation = str(relation.InvoiceRelation);
    if (relation.OrderReferenceRequired || random() < 0.3)
      row.Reference =
        random() < 0.5 ? `PO-${between(20000, 89999)}` : `Project ${date.slice(0, 4)}-${pad(between(1, 240), 3)}`;
    if (status !== -1 && random() < 0.3) row.FromBasket = true;

    // What the customer takes: mostly rental, some consumables and services.
    const kind = weighted([
      ['rental', 6],
      ['sale', 3],
      ['mixed', 2],
    ] as const);
    const vat = (p: Row | undefined) => (abroad ? 'N0' : str(p?.Vat) || 'H21');
    const lines: Row[] = [];
    const count = between(1, 6);
    // Rented out today: long periods that reach past today. Done: back before today.
    const from = deliver;
    let period = status === 5 ? pick([30, 60, 91]) : pick([1, 2, 3, 5, 7, 7, 14, 21, 30]);
    if (RETURNED.has(status)) period = Math.max(1, Math.min(period, daysBetween(from, TODAY) - 1));
    const till = status === 5 && addDays(from, period) < TODAY ? addDays(TODAY, between(3, 40)) : addDays(from, period);
    const taken = new Set<string>();
    for (let n = 0; n < count; n++) {
      const rental = kind === 'rental' ? n === 0 || random() < 0.8 : kind === 'mixed' ? n % 2 === 0 : false;
      let line: Row;
      if (rental) {
        const p = pick(rentalProducts.filter((x) => !taken.has(String(x.ID))));
        const rate = rateOf(String(p.ID), date);
        if (!rate) continue;
        taken.add(String(p.ID));
        const bulk = p.StockType === 'bulk';
        line = {
          LineType: 'rental',
          Product: String(p.ID),
          Descr: str(p.Descr),
          OrderQuantity: bulk ? pick([10, 20, 25, 40, 50, 100]) : between(1, 2),
          Price: rentalPrice(rate, daysBetween(from, till)),
          VatCode: vat(p),
          RentedFrom: from,
          RentedTill: till,
          RentalRateCode: 'STD',
        };
      } else {
        const p =
          n > 0 && !taken.has(TRANSPORT) && random() < 0.25
            ? productById.get(TRANSPORT)!
            : pick((random() < 0.15 ? services : goods).filter((x) => !taken.has(String(x.ID))));
        taken.add(String(p.ID));
        const service = p.ProductGroup === 'DIENSTEN';
        line = {
          LineType: 'sale',
          Product: String(p.ID),
          Descr: str(p.Descr),
          OrderQuantity: service ? 1 : pick([1, 2, 4, 5, 10, 12, 20, 25]),
          Price: Number(p.Price),
          VatCode: vat(p),
        };
      }
      if (random() < 0.1) line.DiscountPct = pick([5, 10, 12.5, 15]);
      if (random() < 0.05 && status !== -1)
        Object.assign(line, { Cancelled: true, CancelQuantity: line.OrderQuantity });
      lines.push(line);
    }
    if (!lines.length) {
      k--;
      continue;
    }
    if (random() < 0.08) lines.push({ LineType: 'comment', Descr: pick(COMMENTS) });

    // Delivered from the warehouse, and rentals back when the order is done.
    for (const line of lines) {
      if (line.LineType === 'comment' || line.Cancelled) continue;
      if (DELIVERED.has(status)) Object.assign(line, { DeliverDate: deliver, DeliveredQuantity: line.OrderQuantity });
      if (RETURNED.has(status) && line.LineType === 'rental' && str(line.RentedTill) <= TODAY) {
        Object.assign(line, { ReturnDate: line.RentedTill, ReturnedQuantity: line.OrderQuantity });
      }
    }

    const rentals = lines.filter((l) => l.LineType === 'rental');
    const first = rentals[0] ?? lines[0];
    const what = rentals.length
      ? `Huur ${str(first.Descr).charAt(0).toLowerCase()}${str(first.Descr).slice(1)}`
      : lines.some((l) => goods.some((g) => g.ID === l.Product))
        ? 'Levering verbruiksartikelen'
        : `${str(first.Descr)}`;
    row.Descr = `${what}${rentals.length > 1 ? ' e.a.' : ''}${site ? ` – ${str(site.Descr)}` : ''}`.slice(0, 100);
    if (rentals.length)
      row.ExpectedReturnDate = rentals
        .map((l) => str(l.RentedTill))
        .sort()
        .pop()!;
    if (status === 0 || status === 13)
      Object.assign(row, {
        ValidityDays: 30,
        ValidUntil: addDays(date, 30),
        ScoringChance: status === 13 ? pick([10, 25, 40]) : pick([25, 50, 60, 75, 90]),
      });
    if (status === 1) row.ApproveBefore = `${addWorkdays(date, 2)}T17:00`;
    if (status === 5 && random() < 0.3) row.Periodic = true;
    if (random() < 0.15) row.Notes = pick(NOTES);
    if ((status === 2 || status === 4) && random() < 0.1) Object.assign(row, { Blocked: true, Notes: BLOCK_NOTE });
    // Delivery is charged when the order brings machines; small orders pay order costs.
    if (rentals.length && random() < 0.6)
      Object.assign(row, {
        TransportCostsMethod: 'fixed',
        TransportCostsAmount: pick([65, 85, 125]),
        TransportCostsVat: abroad ? 'N0' : 'H21',
      });
    lines.forEach(subtotals);
    if (sumOf(lines, 'SubtotalExclVat') < 150 && random() < 0.7)
      Object.assign(row, { OrderCostsMethod: 'fixed', OrderCostsAmount: 12.5, OrderCostsVat: abroad ? 'N0' : 'H21' });
    totals(row, lines);
    orders.push({ row, lines, date, admin });
  }
}
numberByDate(
  orders.map((o) => ({ row: o.row, date: o.date })),
  'Order',
  (r) => str(r.Administration),
);
orders.sort((a, b) => str(a.row.ID).localeCompare(str(b.row.ID)));
// An order line is found again by its reference: the order number and its place on the order.
const orderLines: Row[] = orders.flatMap((o) =>
  o.lines.map((l, i) => ({ Order: o.row.ID, Reference: `${str(o.row.ID)}/${i + 1}`, ...l })),
);

// ---------------------------------------------------------------------------------------------
// Purchase orders at the suppliers of the products area.

interface Supplied {
  product: Row;
  price: number;
  lead: number;
}
const supplied = new Map<string, Supplied[]>();
for (const s of productSuppliers) {
  const product = productById.get(str(s.Product));
  if (!product || !orderable(product)) continue;
  const list = supplied.get(str(s.Supplier)) ?? [];
  list.push({
    product,
    price: cents(Number(s.PurchasePrice ?? product.PurchasePrice ?? 0)),
    lead: Number(s.LeadTimeDays ?? 5),
  });
  supplied.set(str(s.Supplier), list);
}
/** The wholesaler restocks the warehouses; the others supply the rental fleet. */
const WHOLESALER = 'R0023';
const SUPPLIERS: [string, number][] = [
  [WHOLESALER, 55],
  ['R0016', 20],
  ['R0014', 10],
  ['R0009', 15],
];
/** A German supplier delivers within the EU without Dutch VAT. */
const FOREIGN_SUPPLIERS = new Set(['R0009']);

const PURCHASE_STATUSES: [number, number][] = [
  [-1, 12],
  [0, 8],
  [1, 6],
  [2, 30],
  [3, 15],
  [4, 10],
  [5, 4],
  [6, 55],
  [8, 5],
  [9, 5],
];
const PURCHASE_AGE: Record<number, [number, number]> = {
  [-1]: [0, 6],
  0: [2, 14],
  1: [1, 10],
  2: [2, 20],
  3: [6, 30],
  4: [10, 45],
  5: [20, 90],
  6: [30, 365],
  8: [2, 10],
  9: [15, 200],
};
const PURCHASE_WHAT: Record<string, string[]> = {
  [WHOLESALER]: [
    'Aanvulling voorraad',
    'Bijbestelling verbruiksartikelen',
    'Voorraadorder',
    'Aanvulling minimumvoorraad',
  ],
  R0016: [
    'Uitbreiding steigermateriaal',
    'Steigermateriaal voor nieuwe projecten',
    'Vervanging afgekeurd steigermateriaal',
  ],
  R0014: ['Steigermateriaal tweede leverancier', 'Spoedlevering steigerdelen'],
  R0009: ['Uitbreiding hoogwerkervloot', 'Vervanging hoogwerkers'],
};

interface Purchase {
  row: Row;
  lines: Row[];
  date: string;
}
const purchases: Purchase[] = [];
for (const [status, count] of PURCHASE_STATUSES) {
  for (let k = 0; k < count; k++) {
    const supplier = weighted(SUPPLIERS);
    const date = daysAgo(...PURCHASE_AGE[status]);
    const warehouse = weighted([
      ['MAG-01', 6],
      ['MAG-02', 3],
      ['MAG-03', 2],
    ] as const);
    // Restocking buys what the warehouse keeps; the wholesaler's other orders and the other
    // suppliers' are for the rental fleet.
    const all = supplied.get(supplier) ?? [];
    const kept = (s: Supplied) => stockOf.get(String(s.product.ID))?.Warehouse === warehouse;
    const restock = supplier === WHOLESALER && all.some(kept) && random() < 0.8;
    const offered =
      supplier !== WHOLESALER
        ? all
        : restock
          ? all.filter(kept)
          : all.filter((s) => !stockOf.has(String(s.product.ID)));
    const lead = offered[0]?.lead ?? 5;
    const w = warehouseById.get(warehouse)!;
    const row: Row = {
      Administration: 'HOOFD',
      Status: status,
      Descr: '',
      Supplier: supplier,
      OrderDate: date,
      DeliverDate: addWorkdays(date, lead),
      Warehouse: warehouse,
      DeliverRelation: 'R0001',
      Street: str(w.Street),
      HouseNumber: str(w.HouseNumber),
      PostalCode: str(w.PostalCode),
      City: str(w.City),
      Country: str(w.Country) || 'NL',
      Currency: 'EUR',
      PaymentTermDays: 30,
      InvoicePeriodUnit: 'completely',
    };
    const contact = contactOf.get(supplier);
    if (contact) row.SupplierContact = contact;
    if (status >= 2 && status !== 9) row.Reference = `OB-${date.slice(2, 4)}-${pad(between(1000, 9999), 5)}`;
    if (status === 6) row.InvoiceDate = [addDays(str(row.DeliverDate), between(1, 20)), TODAY].sort()[0];
    if (random() < 0.1)
      row.Notes = pick([
        'Levering op pallets, graag vooraf afstemmen.',
        'Prijzen volgens jaarafspraak.',
        'Deellevering toegestaan.',
      ]);

    const rentIn = supplier === 'R0009' && (status === 5 || random() < 0.2);
    const lines: Row[] = [];
    const taken = new Set<string>();
    for (let n = 0, count = between(1, supplier === 'R0009' ? 3 : 8); n < count; n++) {
      const choices = offered.filter((s) => !taken.has(String(s.product.ID)));
      if (!choices.length) break;
      const s = pick(choices);
      taken.add(String(s.product.ID));
      const kept = stockOf.get(String(s.product.ID));
      // Restocking orders up to the maximum; machines by the piece; scaffolding by the bundle.
      const quantity = kept
        ? Math.max(Number(kept.MaximumStock) - Number(kept.Stock), Number(kept.MinimumStock))
        : s.product.StockType === 'bulk'
          ? pick([20, 40, 50, 100, 200])
          : between(1, 3);
      const line: Row = {
        LineType: rentIn ? 'rental' : 'sale',
        Product: String(s.product.ID),
        Descr: str(s.product.Descr),
        OrderQuantity: quantity,
        Price: s.price,
        VatCode: FOREIGN_SUPPLIERS.has(supplier) ? 'N0' : str(s.product.PurchaseVat) || 'H21',
        DeliverDate: row.DeliverDate,
      };
      if (rentIn)
        Object.assign(line, {
          RentedFrom: row.DeliverDate,
          RentedTill: addDays(str(row.DeliverDate), pick([14, 30, 60])),
        });
      if (random() < 0.1) line.DiscountPct = pick([2, 3, 5]);
      lines.push(line);
    }
    if (!lines.length) {
      k--;
      continue;
    }

    // What has come in: nothing before the order is placed; part of it while it is delivered; all
    // (or the rest cancelled) once it is done.
    for (const line of lines) {
      const ordered = Number(line.OrderQuantity);
      let received = 0;
      let state = 'open';
      const roll = random();
      if (status === 5 || status === 6) received = roll < 0.12 ? (ordered > 1 ? between(1, ordered - 1) : 0) : ordered;
      else if (status === 3) received = roll < 0.4 ? ordered : roll < 0.75 && ordered > 1 ? between(1, ordered - 1) : 0;
      else if (status === 4) received = roll < 0.5 && ordered > 1 ? between(1, ordered - 1) : roll < 0.7 ? ordered : 0;
      if (received === ordered) state = 'received';
      else if (received > 0) state = 'partial';
      // A line done without all of it: the rest was cancelled. Now and then a line is cancelled early.
      const cancelled =
        (status === 6 && received < ordered) || ([2, 3, 4].includes(status) && state === 'open' && random() < 0.06);
      if (cancelled) {
        state = 'cancelled';
        line.CancelQuantity = ordered - received;
      }
      if (received) line.ReceivedQuantity = received;
      line.LineStatus = state;
    }
    const what = pick(PURCHASE_WHAT[supplier]);
    row.Descr = `${rentIn ? 'Inhuur hoogwerkers voor piekdrukte' : what} ${str(w.Descr).replace('Magazijn ', '')}`;
    purchases.push({ row, lines, date });
  }
}
numberByDate(
  purchases.map((p) => ({ row: p.row, date: p.date })),
  'Purchase',
  () => 'HOOFD',
);
purchases.sort((a, b) => str(a.row.ID).localeCompare(str(b.row.ID)));
// A purchase order line is found again by its reference: the purchase order number and its place.
for (const p of purchases)
  p.lines.forEach((l, i) => Object.assign(l, { PurchaseOrder: p.row.ID, Reference: `${str(p.row.ID)}/${i + 1}` }));
const purchaseLines = purchases.flatMap((p) => p.lines);

// ---------------------------------------------------------------------------------------------
// Receipts: processed ones for what restocking orders received, concept ones for what is being
// unpacked now. Only stock products and fuel straight into the machines (no stock) are received
// here; a unique item would need the object it made.

/** Fuel is pumped straight into the machines' tanks: received, but not into stock. */
const NONSTOCK_GROUPS = new Set(['BRANDSTOF']);
const restocks = purchases.filter(
  (p) =>
    p.row.Supplier === WHOLESALER && p.lines.every((l) => stockOf.get(str(l.Product))?.Warehouse === p.row.Warehouse),
);
const receiptRows: { row: Row; items: Row[]; date: string }[] = [];

function receiptOf(p: Purchase, status: 1 | 2, date: string, quantity: (l: Row) => number): void {
  const items: Row[] = [];
  for (const line of p.lines) {
    const q = quantity(line);
    if (q <= 0) continue;
    const product = productById.get(str(line.Product))!;
    const nonstock = NONSTOCK_GROUPS.has(str(product.ProductGroup));
    items.push({
      // Its purchase order (the purchase order's Ontvangsten tab); the line itself has no code a seed could name it by.
      Kind: nonstock ? 'nonstock' : 'bulk',
      Product: str(line.Product),
      PurchaseOrder: str(p.row.ID),
      Quantity: q,
      ...(nonstock ? {} : { Location: str(stockOf.get(str(line.Product))?.DefaultLocation) }),
    });
  }
  if (!items.length) return;
  receiptRows.push({
    row: {
      Administration: 'HOOFD',
      Status: status,
      Supplier: str(p.row.Supplier),
      PurchaseOrder: str(p.row.ID),
      Warehouse: str(p.row.Warehouse),
      ReceiptDate: date,
      Reference: `PAK-${pad(between(10000, 99999), 6)}`,
    },
    items,
    date,
  });
}
// What came in, in one delivery each, for the most recent restocking orders that received something.
const received = restocks
  .filter((p) => p.lines.some((l) => Number(l.ReceivedQuantity ?? 0) > 0))
  .sort((a, b) => b.date.localeCompare(a.date))
  .slice(0, 28);
for (const p of received) {
  const date = addWorkdays(p.date, between(1, 4));
  receiptOf(p, 2, date >= TODAY ? addDays(TODAY, -1) : date, (l) => Number(l.ReceivedQuantity ?? 0));
}
// What is being unpacked now: part of what is still open on orders placed or under way.
const unpacking = restocks
  .filter(
    (p) =>
      [2, 3, 4].includes(Number(p.row.Status)) && p.lines.some((l) => ['open', 'partial'].includes(str(l.LineStatus))),
  )
  .sort((a, b) => b.date.localeCompare(a.date))
  .slice(0, 12);
for (const p of unpacking) {
  receiptOf(p, 1, TODAY, (l) => {
    const open = Number(l.OrderQuantity) - Number(l.ReceivedQuantity ?? 0) - Number(l.CancelQuantity ?? 0);
    return ['open', 'partial'].includes(str(l.LineStatus)) && open > 0 ? (random() < 0.6 ? open : between(1, open)) : 0;
  });
}
// Processed first on a day: the newest receipt is one still being unpacked.
receiptRows.sort((a, b) => a.date.localeCompare(b.date) || Number(b.row.Status) - Number(a.row.Status));
for (const r of receiptRows) r.row.ID = nextNumber('HOOFD', 'Receipt');
// A receipt item is found again by the supplier's batch number on the package.
let batch = 0;
const receiptItems = receiptRows.flatMap((r) =>
  r.items.map((item) => ({
    Receipt: r.row.ID,
    SerialNumber: `L${r.date.slice(2, 4)}${r.date.slice(5, 7)}-${pad(++batch, 4)}`,
    ...item,
  })),
);

// ---------------------------------------------------------------------------------------------
// What the rows must hold, as their checks and the walk through every table expect.

for (const o of orders) {
  const r = o.row;
  if (r.ExpectedReturnDate && r.DeliverDate && str(r.ExpectedReturnDate) < str(r.DeliverDate))
    throw new Error(`${str(r.ID)}: return before delivery`);
  if (!isWeekday(str(r.DeliverDate)) || daysBetween(str(r.OrderDate), str(r.DeliverDate)) < 2)
    throw new Error(`${str(r.ID)}: deliver date`);
}
for (const l of purchaseLines) {
  if (Number(l.ReceivedQuantity ?? 0) + Number(l.CancelQuantity ?? 0) > Number(l.OrderQuantity))
    throw new Error(`${str(l.Reference)}: more than ordered`);
}
const newest = (rows: Row[]) => rows.reduce((a, b) => (str(b.ID) > str(a.ID) ? b : a));
// The newest order and receipt take new lines: an order still open, a receipt still a concept.
if ([6, 7].includes(Number(newest(orders.map((o) => o.row)).Status))) throw new Error('the newest order is closed');
if (newest(receiptRows.map((r) => r.row)).Status !== 1) throw new Error('the newest receipt is processed');

// The administrations continue after the seeded numbers.
for (const a of administrations) {
  const numbering = NUMBERING[str(a.ID)];
  if (!numbering) continue;
  for (const kind of ['Order', 'Purchase', 'Receipt'] as const) {
    Object.assign(a, {
      [`${kind}Prefix`]: numbering[kind].prefix,
      [`${kind}MinLength`]: numbering[kind].length,
      [`${kind}NextNumber`]: (used[str(a.ID)]?.[kind] ?? 0) + 1,
    });
  }
}

writeSeed('administrations', 'ID', administrations);
// A seed row is found again by one field: a product has one stock row here, so it is keyed by product.
writeSeed('productwarehouses', 'Product', stock);
writeSeed(
  'orders',
  'ID',
  orders.map((o) => o.row),
);
writeSeed('orderlines', 'Reference', orderLines);
writeSeed(
  'purchaseorders',
  'ID',
  purchases.map((p) => p.row),
);
writeSeed('purchaseorderlines', 'Reference', purchaseLines);
writeSeed(
  'purchasereceipt',
  'ID',
  receiptRows.map((r) => r.row),
);
writeSeed('purchasereceiptitems', 'SerialNumber', receiptItems);
