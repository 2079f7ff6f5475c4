// Writes the demo pack's objects area: object statuses, lock reasons, object groups, number
// generators, inspection plans and object types with their properties and default inspection
// schedules, about 3,000 objects of the rental products ART-0001…ART-0150
// spread over the depots, halls, yards and building sites of the locations area, a few locked,
// and three move baskets (one processed, with its items stamped and its location log).
//   node --import tsx tools/demo-data/objects.ts
// It reads the locations and warehouses seeds (tools/demo-data/locations.ts writes them) and,
// when it is there, the products seed, so objects stand where the locations area put depots and
// sites and carry their product's type and brand. The same input always gives the same files:
// the varying values come from a generator with a fixed seed.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pad, randomness, SEED_DIR, writeSeed, type Row } from './seeds.ts';

const { random, between, pick } = randomness(6_2026);

function readSeed(table: string): Row[] | null {
  const file = path.join(SEED_DIR, `${table}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { rows: Row[] }).rows : null;
}

// ---------------------------------------------------------------------------------------------
// System tables of the area.

const statuses: Row[] = [
  {
    ID: 'BESCHIKBAAR',
    Descr: 'Beschikbaar',
    Color: '#5cb85c',
    SortOrder: 1,
    IsDefault: true,
    IsAvailable: true,
    IsOutOfService: false,
  },
  {
    ID: 'GERESERVEERD',
    Descr: 'Gereserveerd',
    Color: '#5bc0de',
    SortOrder: 2,
    IsDefault: false,
    IsAvailable: false,
    IsOutOfService: false,
  },
  {
    ID: 'VERHUURD',
    Descr: 'Verhuurd',
    Color: '#337ab7',
    SortOrder: 3,
    IsDefault: false,
    IsAvailable: false,
    IsOutOfService: false,
  },
  {
    ID: 'KEURING',
    Descr: 'Wacht op keuring',
    Color: '#f0ad4e',
    SortOrder: 4,
    IsDefault: false,
    IsAvailable: false,
    IsOutOfService: false,
  },
  {
    ID: 'REPARATIE',
    Descr: 'In reparatie',
    Color: '#d9534f',
    SortOrder: 5,
    IsDefault: false,
    IsAvailable: false,
    IsOutOfService: true,
  },
  {
    ID: 'AFGEKEURD',
    Descr: 'Afgekeurd',
    Color: '#777777',
    SortOrder: 6,
    IsDefault: false,
    IsAvailable: false,
    IsOutOfService: true,
  },
];

// "Keuring verlopen" is set by the inspection planning, so no user may lift it (IsSystem).
const lockReasons: Row[] = [
  { ID: 'KEURING', Descr: 'Keuring verlopen', Kind: 'object', BlockIssue: true, BlockReceipt: false, IsSystem: true },
  { ID: 'SCHADE', Descr: 'Schade gemeld', Kind: 'object', BlockIssue: true, BlockReceipt: false, IsSystem: false },
  {
    ID: 'VERMIST',
    Descr: 'Vermist of gestolen',
    Kind: 'object',
    BlockIssue: true,
    BlockReceipt: true,
    IsSystem: false,
  },
  {
    ID: 'TERUGROEP',
    Descr: 'Terugroepactie fabrikant',
    Kind: 'object',
    BlockIssue: true,
    BlockReceipt: false,
    IsSystem: false,
  },
  { ID: 'TELLING', Descr: 'Voorraadtelling', Kind: 'stock', BlockIssue: true, BlockReceipt: true, IsSystem: false },
];

const objectGroups: Row[] = [
  { ID: 'GRONDVERZET', Descr: 'Grondverzet en verdichting', SortOrder: 1, Color: '#e8a33d' },
  { ID: 'HOOGWERKEN', Descr: 'Hoogwerken en heffen', SortOrder: 2, Color: '#3d7be8' },
  { ID: 'STEIGERS', Descr: 'Steigers en rolsteigers', SortOrder: 3, Color: '#8e44ad' },
  { ID: 'AFZETTING', Descr: 'Afzetting en bouwhekken', SortOrder: 4, Color: '#c0392b' },
  { ID: 'HUISVESTING', Descr: 'Units en containers', SortOrder: 5, Color: '#6b8e23' },
  { ID: 'ENERGIE', Descr: 'Energie, verlichting en pompen', SortOrder: 6, Color: '#e8d33d' },
  { ID: 'MEETMIDDELEN', Descr: 'Meetmiddelen', SortOrder: 7, Color: '#16a085' },
  { ID: 'KLEINMATERIEEL', Descr: 'Klein materieel', SortOrder: 8, Color: '#7f8c8d' },
  { ID: 'TRANSPORT', Descr: 'Transport', SortOrder: 9, Color: '#34495e' },
];

// OBJ numbers every new object itself; measuring instruments get the code on their calibration
// certificate, typed in the house format; number lists need a typed code and cannot auto-number.
const generators: Row[] = [
  {
    ID: 'OBJ',
    Descr: 'Objectnummers (automatisch)',
    Prefix: 'OBJ-',
    MinimalLength: 6,
    AutoNumbering: true,
    IsProductBased: false,
    UseObjectNumberLists: false,
    IDRequired: false,
    HideProductField: false,
  },
  {
    ID: 'MEET',
    Descr: 'Meetmiddelen (code van het kalibratiecertificaat)',
    IdMask: 'OBJ-999999',
    AutoNumbering: false,
    IsProductBased: false,
    UseObjectNumberLists: false,
    IDRequired: true,
    HideProductField: false,
  },
  {
    ID: 'LIJST',
    Descr: 'Objectnummerlijsten van klanten',
    AutoNumbering: false,
    IsProductBased: true,
    UseObjectNumberLists: true,
    IDRequired: true,
    HideProductField: false,
  },
];

interface TypeSpec {
  ID: string;
  Descr: string;
  group: string;
  generator: string;
  bulk?: boolean;
  mask?: boolean;
  measuring?: boolean;
  lifespan: number;
  price: [number, number];
  country: string;
  /** Words in a product description that make it a product of this type (the first type that matches wins). */
  words: RegExp;
  store: 'HAL' | 'BUITEN';
  rentedTo: readonly string[];
  warnings?: string;
}

const SITES = ['BOUW'];
const EVENTS = ['BOUW', 'EVENEMENT'];
const EVERYWHERE = ['BOUW', 'EVENEMENT', 'KLANTTERREIN'];

// In the order a product description is matched: attachments before the machines they fit, scaffold
// parts before ladders. "Aanbouwdeel" sorts first by description, so the lookup's first type takes
// any construction year and numbers its objects itself.
const TYPES: TypeSpec[] = [
  {
    ID: 'OT-AAN',
    Descr: 'Aanbouwdeel',
    group: 'GRONDVERZET',
    generator: 'OBJ',
    bulk: true,
    lifespan: 10,
    price: [350, 4500],
    country: 'DE',
    words: /lepelbak|slotenbak|grijper|sloophamer|snelwissel|werkbak|vorkenbord|kraanhaak/i,
    store: 'HAL',
    rentedTo: SITES,
  },
  {
    ID: 'OT-MGR',
    Descr: 'Minigraver',
    group: 'GRONDVERZET',
    generator: 'OBJ',
    mask: true,
    lifespan: 10,
    price: [18000, 60000],
    country: 'DE',
    words: /minigraver|midigraver/i,
    store: 'HAL',
    rentedTo: SITES,
  },
  {
    ID: 'OT-GRV',
    Descr: 'Graafmachine en lader',
    group: 'GRONDVERZET',
    generator: 'OBJ',
    mask: true,
    lifespan: 12,
    price: [45000, 160000],
    country: 'DE',
    words: /kraan|graaflaad|lader/i,
    store: 'BUITEN',
    rentedTo: SITES,
    warnings: 'Alleen met geldig certificaat grondverzetmachines bedienen.',
  },
  {
    ID: 'OT-DMP',
    Descr: 'Dumper',
    group: 'GRONDVERZET',
    generator: 'OBJ',
    mask: true,
    lifespan: 10,
    price: [9000, 38000],
    country: 'DE',
    words: /dumper/i,
    store: 'BUITEN',
    rentedTo: SITES,
  },
  {
    ID: 'OT-TRL',
    Descr: 'Verdichtingsmachine',
    group: 'GRONDVERZET',
    generator: 'OBJ',
    mask: true,
    lifespan: 8,
    price: [1400, 32000],
    country: 'DE',
    words: /trilplaat|stamper|wals/i,
    store: 'HAL',
    rentedTo: SITES,
  },
  {
    ID: 'OT-VRK',
    Descr: 'Verreiker',
    group: 'HOOGWERKEN',
    generator: 'OBJ',
    mask: true,
    lifespan: 12,
    price: [55000, 140000],
    country: 'DE',
    words: /verreiker/i,
    store: 'BUITEN',
    rentedTo: SITES,
    warnings: 'Lastdiagram raadplegen; alleen met certificaat verreiker bedienen.',
  },
  {
    ID: 'OT-HWK',
    Descr: 'Hoogwerker',
    group: 'HOOGWERKEN',
    generator: 'OBJ',
    mask: true,
    lifespan: 12,
    price: [12000, 120000],
    country: 'DE',
    words: /hoogwerker|personenlift/i,
    store: 'HAL',
    rentedTo: EVENTS,
    warnings: 'Dagelijkse controle voor gebruik; keuring elk jaar verplicht.',
  },
  {
    ID: 'OT-BLT',
    Descr: 'Bouwlift',
    group: 'HOOGWERKEN',
    generator: 'OBJ',
    mask: true,
    lifespan: 15,
    price: [3000, 32000],
    country: 'DE',
    words: /ladderlift|bouwlift|goederenlift/i,
    store: 'HAL',
    rentedTo: SITES,
  },
  {
    ID: 'OT-RST',
    Descr: 'Rolsteiger',
    group: 'STEIGERS',
    generator: 'OBJ',
    lifespan: 15,
    price: [900, 3200],
    country: 'NL',
    words: /rolsteiger|vouwsteiger/i,
    store: 'HAL',
    rentedTo: SITES,
  },
  {
    ID: 'OT-STG',
    Descr: 'Steigermateriaal',
    group: 'STEIGERS',
    generator: 'OBJ',
    bulk: true,
    lifespan: 20,
    price: [12, 2500],
    country: 'NL',
    words: /steiger|ligger|vloer|diagonaal|spindel|kantplank|leuning|muuranker|stempel/i,
    store: 'HAL',
    rentedTo: SITES,
  },
  {
    ID: 'OT-BHK',
    Descr: 'Bouwhek',
    group: 'AFZETTING',
    generator: 'OBJ',
    bulk: true,
    lifespan: 10,
    price: [8, 4500],
    country: 'NL',
    words: /bouwhek/i,
    store: 'BUITEN',
    rentedTo: EVERYWHERE,
  },
  {
    ID: 'OT-AFZ',
    Descr: 'Afzethek',
    group: 'AFZETTING',
    generator: 'OBJ',
    bulk: true,
    lifespan: 10,
    price: [35, 90],
    country: 'NL',
    words: /dranghek|afzethek/i,
    store: 'BUITEN',
    rentedTo: EVENTS,
  },
  {
    ID: 'OT-VKR',
    Descr: 'Verkeersafzetting',
    group: 'AFZETTING',
    generator: 'OBJ',
    mask: true,
    lifespan: 10,
    price: [1800, 14000],
    country: 'NL',
    words: /afzetbord|verkeerslicht/i,
    store: 'BUITEN',
    rentedTo: SITES,
  },
  {
    ID: 'OT-RPL',
    Descr: 'Rijplaat',
    group: 'AFZETTING',
    generator: 'OBJ',
    bulk: true,
    lifespan: 15,
    price: [180, 900],
    country: 'NL',
    words: /rijplaat/i,
    store: 'BUITEN',
    rentedTo: SITES,
  },
  {
    ID: 'OT-UNT',
    Descr: 'Bouwunit',
    group: 'HUISVESTING',
    generator: 'OBJ',
    mask: true,
    lifespan: 20,
    price: [2500, 32000],
    country: 'NL',
    words: /unit|keet|toilet|sanitair/i,
    store: 'BUITEN',
    rentedTo: EVERYWHERE,
  },
  {
    ID: 'OT-CON',
    Descr: 'Container',
    group: 'HUISVESTING',
    generator: 'OBJ',
    mask: true,
    lifespan: 25,
    price: [2500, 9000],
    country: 'NL',
    words: /container/i,
    store: 'BUITEN',
    rentedTo: EVERYWHERE,
  },
  {
    ID: 'OT-AGG',
    Descr: 'Aggregaat',
    group: 'ENERGIE',
    generator: 'OBJ',
    mask: true,
    lifespan: 12,
    price: [900, 38000],
    country: 'DE',
    words: /aggregaat/i,
    store: 'HAL',
    rentedTo: EVERYWHERE,
    warnings: 'Aarding aansluiten voor gebruik; tanken alleen bij stilstand.',
  },
  {
    ID: 'OT-STR',
    Descr: 'Bouwstroommateriaal',
    group: 'ENERGIE',
    generator: 'OBJ',
    lifespan: 10,
    price: [90, 3500],
    country: 'NL',
    words: /stroomkast|verdeelkast|kabelhaspel|verlengkabel/i,
    store: 'HAL',
    rentedTo: EVERYWHERE,
  },
  {
    ID: 'OT-VLM',
    Descr: 'Verlichting',
    group: 'ENERGIE',
    generator: 'OBJ',
    lifespan: 10,
    price: [150, 14000],
    country: 'NL',
    words: /verlichting|bouwlamp|lichtmast/i,
    store: 'BUITEN',
    rentedTo: EVERYWHERE,
  },
  {
    ID: 'OT-CMP',
    Descr: 'Compressor',
    group: 'ENERGIE',
    generator: 'OBJ',
    mask: true,
    lifespan: 12,
    price: [6000, 24000],
    country: 'DE',
    words: /compressor/i,
    store: 'HAL',
    rentedTo: SITES,
  },
  {
    ID: 'OT-PMP',
    Descr: 'Pomp',
    group: 'ENERGIE',
    generator: 'OBJ',
    mask: true,
    lifespan: 10,
    price: [600, 9500],
    country: 'NL',
    words: /pomp/i,
    store: 'HAL',
    rentedTo: SITES,
  },
  {
    ID: 'OT-MTR',
    Descr: 'Meetinstrument',
    group: 'MEETMIDDELEN',
    generator: 'MEET',
    mask: true,
    measuring: true,
    lifespan: 8,
    price: [450, 4800],
    country: 'DE',
    words: /laser|detector|waterpas/i,
    store: 'HAL',
    rentedTo: SITES,
    warnings: 'Kalibratie controleren voor uitgifte.',
  },
  {
    ID: 'OT-AHW',
    Descr: 'Aanhangwagen',
    group: 'TRANSPORT',
    generator: 'OBJ',
    mask: true,
    lifespan: 15,
    price: [1200, 14000],
    country: 'DE',
    words: /aanhangwagen|plateauwagen|transporter|kipper/i,
    store: 'BUITEN',
    rentedTo: SITES,
  },
  {
    ID: 'OT-GRS',
    Descr: 'Klein materieel',
    group: 'KLEINMATERIEEL',
    generator: 'OBJ',
    lifespan: 6,
    price: [150, 4500],
    country: 'DE',
    words: /./,
    store: 'HAL',
    rentedTo: SITES,
  },
];
const typeById = new Map(TYPES.map((t) => [t.ID, t]));

const objectTypes: Row[] = TYPES.map((t) => ({
  ID: t.ID,
  Descr: t.Descr,
  ObjectGroup: t.group,
  IdGenerator: t.generator,
  UniqueIdNeeded: !t.bulk,
  HideWhenPart: false,
  IsMeasuringDevice: !!t.measuring,
  ...(t.measuring ? { MeasuringDeviceKind: 'device' } : {}),
  Lifespan: t.lifespan,
  LifespanCalculation: t.mask ? 'constructionyear' : 'purchasedate',
  ...(t.mask ? { ConstructionYearMask: '9999' } : {}),
  ...(t.warnings ? { Warnings: t.warnings } : {}),
}));

// What a user records about an object of the type, beyond the object's own fields.
const properties: Row[] = [
  ['OT-AGG', 'Vermogen (kVA)', 'number'],
  ['OT-AGG', 'Brandstof', 'text'],
  ['OT-AGG', 'Laatste olieverversing', 'date'],
  ['OT-GRV', 'Draaiuren bij inname', 'number'],
  ['OT-GRV', 'Snelwissel aanwezig', 'bool'],
  ['OT-HWK', 'Werkhoogte (m)', 'number'],
  ['OT-HWK', 'Datum jaarlijkse keuring', 'date'],
  ['OT-MTR', 'Kalibratiedatum', 'date'],
  ['OT-MTR', 'Certificaatnummer', 'text'],
  ['OT-VRK', 'Hefhoogte (m)', 'number'],
  ['OT-CON', 'Containerlengte (ft)', 'number'],
  ['OT-MGR', 'Bakbreedte (mm)', 'number'],
  ['OT-MGR', 'Rupsbanden', 'text'],
].map(([type, descr, kind], i) => ({
  ObjectType: type,
  Descr: descr,
  FieldType: kind,
  Required: i % 3 === 0,
  SortOrder: i + 1,
}));

// The inspections the types call for: electrical equipment by NEN 3140, lifting gear and aerial
// platforms every year, measuring instruments calibrated.
const plans: Row[] = [
  {
    ID: 'NEN3140',
    Descr: 'Keuring elektrisch materieel (NEN 3140)',
    Interval: 12,
    IntervalUnit: 'months',
    EstimatedDuration: 0.5,
  },
  {
    ID: 'HIJSHEF',
    Descr: 'Keuring hijs- en hefmiddelen',
    Interval: 12,
    IntervalUnit: 'months',
    EstimatedDuration: 1.5,
  },
  {
    ID: 'HOOGWERKER',
    Descr: 'Jaarlijkse keuring hoogwerkers',
    Interval: 1,
    IntervalUnit: 'years',
    EstimatedDuration: 2,
  },
  { ID: 'KALIBRATIE', Descr: 'Kalibratie meetmiddelen', Interval: 12, IntervalUnit: 'months', EstimatedDuration: 1 },
];
const schedules: Row[] = [
  ['OT-AGG', 'Aggregaat: NEN 3140 elk jaar', 'NEN3140', 12],
  ['OT-STR', 'Bouwstroom: NEN 3140 elk halfjaar', 'NEN3140', 6],
  ['OT-GRS', 'Klein materieel: NEN 3140 elk jaar', 'NEN3140', 12],
  ['OT-HWK', 'Hoogwerker: jaarlijkse keuring', 'HOOGWERKER', 12],
  ['OT-VRK', 'Verreiker: keuring hefmiddel', 'HIJSHEF', 12],
  ['OT-BLT', 'Bouwlift: keuring hefmiddel', 'HIJSHEF', 12],
  ['OT-MTR', 'Meetinstrument: kalibratie', 'KALIBRATIE', 12],
].map(([type, descr, plan, months]) => ({
  ObjectType: type,
  Descr: descr,
  MiPlan: plan,
  PlanMode: 'afterlast',
  RepeatCycle: months,
  ValidityPeriod: months,
  ValidityCalculation: 'inspectiondate',
  AutoCreateWorkflowItem: true,
  WorkflowItemOffset: 2,
  WorkflowItemOffsetUnit: 'weeks',
}));

// ---------------------------------------------------------------------------------------------
// Where objects stand: the depots of the locations area with their halls, yards and workshops,
// and the building sites, event grounds and customer yards they are rented to.

const locations = readSeed('locations');
const warehouses = readSeed('warehouses') ?? [];
if (!locations) throw new Error('the locations seed is missing: run tools/demo-data/locations.ts first');
const byId = new Map(locations.map((l) => [String(l.ID), l]));
const depotOf = (id: string): string => {
  let at = byId.get(id);
  while (at?.ParentLocation) at = byId.get(String(at.ParentLocation));
  return String(at?.ID ?? id);
};
const depots = locations.filter((l) => l.LocationType === 'DEPOT').map((l) => String(l.ID));
const inDepot = (depot: string, kind: string) =>
  locations.filter((l) => l.LocationType === kind && depotOf(String(l.ID)) === depot).map((l) => String(l.ID));
const warehouseOf = new Map(warehouses.map((w) => [String(w.Location), String(w.ID)]));
/** The first depot is the largest; the others share the rest. */
const depotWeights = depots.map((_, i) => (i === 0 ? 4 : i === 1 ? 3 : 2));
function weightedDepot(): string {
  let r = random() * depotWeights.reduce((a, b) => a + b, 0);
  for (const [i, w] of depotWeights.entries()) if ((r -= w) < 0) return depots[i];
  return depots[0];
}
const rentalSites = (kinds: readonly string[]) =>
  locations.filter((l) => kinds.includes(String(l.LocationType)) && !l.Archive).map((l) => String(l.ID));
/**
 * The Groningen depot's objects have a manager, so "Mijn objecten" shows something for them: the
 * locations area's warehouse user, when its seed has one (seeds name users by user name).
 */
const MANAGED_DEPOT = 'LOC-003';
const MANAGER = (readSeed('users') ?? []).map((u) => String(u.Username)).find((u) => u === 'h.dijkstra');

// ---------------------------------------------------------------------------------------------
// Products: the rental products of the products area, with their type and brand when its seed
// says so; else the type their description names, else one in turn.

interface Product {
  ID: string;
  Descr: string;
  type: TypeSpec;
  bulk: boolean;
  price: number | null;
  Brand?: string;
  BrandType?: string;
  BrandRevision?: string;
}
const productRows = new Map((readSeed('products') ?? []).map((p) => [String(p.ID), p]));
/** What the products seed does not say: a description and price of the type. */
const FALLBACK_MODELS = [
  'Minigraver 1,7 t',
  'Trilplaat 90 kg',
  'Schaarhoogwerker 10 m',
  'Rolsteiger 0,75 x 2,45 m',
  'Bouwhek 3,50 x 2,00 m',
  'Aggregaat 20 kVA',
  'Opslagcontainer 20 ft',
  'Dompelpomp 400 l/min',
];
const products: Product[] = Array.from({ length: 150 }, (_, i) => {
  const ID = `ART-${pad(i + 1, 4)}`;
  const row = productRows.get(ID);
  const descr = row?.Descr ? String(row.Descr) : FALLBACK_MODELS[i % FALLBACK_MODELS.length];
  const type = (row?.ObjectType && typeById.get(String(row.ObjectType))) || TYPES.find((t) => t.words.test(descr))!;
  const brand = (k: string) => (row?.[k] ? { [k]: String(row[k]) } : {});
  const bulk = row?.StockType ? row.StockType === 'bulk' : !!type.bulk;
  return {
    ID,
    Descr: descr,
    type,
    bulk,
    price: typeof row?.PurchasePrice === 'number' ? row.PurchasePrice : null,
    ...brand('Brand'),
    ...brand('BrandType'),
    ...brand('BrandRevision'),
  };
});

// ---------------------------------------------------------------------------------------------
// Objects.

const TARGET = 3000;
const CUSTOMER_OWNERS = ['R0003', 'R0007', 'R0013'];
const TODAY = new Date(Date.UTC(2026, 10, 20));
const isoDate = (d: Date) => d.toISOString().slice(0, 10);
/** An EAN-13 with its check digit. */
function ean(n: number): string {
  const body = `8719${pad(n, 8)}`;
  const sum = [...body].reduce((s, c, i) => s + Number(c) * (i % 2 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

// Big machines are few, fence panels many: each product gets a share by its type.
const share = (p: Product) =>
  p.bulk ? 8 : (p.price ?? p.type.price[1]) > 50_000 ? 8 : (p.price ?? p.type.price[1]) > 10_000 ? 18 : 28;
const totalShare = products.reduce((s, p) => s + share(p), 0);
const perProduct = products.map((p) => Math.max(3, Math.round((share(p) / totalShare) * TARGET)));

const objects: Row[] = [];
const statusWeights: [string, number][] = [
  ['BESCHIKBAAR', 46],
  ['VERHUURD', 38],
  ['GERESERVEERD', 5],
  ['KEURING', 5],
  ['REPARATIE', 4],
  ['AFGEKEURD', 2],
];
function weightedStatus(): string {
  let r = random() * 100;
  for (const [s, w] of statusWeights) if ((r -= w) < 0) return s;
  return 'BESCHIKBAAR';
}
let n = 0;
for (const [i, product] of products.entries()) {
  const t = product.type;
  const model = product.Descr;
  for (let k = 0; k < perProduct[i] && n < TARGET; k++) {
    n++;
    const home = weightedDepot();
    const stores = inDepot(home, t.store);
    const base = stores.length ? pick(stores) : home;
    const workshops = inDepot(home, 'WERKPLAATS');
    const status = weightedStatus();
    const sites = rentalSites(t.rentedTo);
    const location =
      status === 'VERHUURD' && sites.length
        ? pick(sites)
        : (status === 'REPARATIE' || status === 'KEURING') && workshops.length
          ? pick(workshops)
          : base;
    const year = between(2012, 2026);
    const bought = new Date(Date.UTC(year, between(0, 11), between(1, 28)));
    if (bought > TODAY) bought.setTime(TODAY.getTime() - between(10, 200) * 86_400_000);
    const end = new Date(bought);
    end.setUTCFullYear(end.getUTCFullYear() + t.lifespan);
    const quantity = product.bulk ? pick([10, 20, 25, 40, 50]) : 1;
    // Bought at the product's purchase price, give or take a tenth; else at a price of the type.
    const unitPrice = product.price
      ? Math.round(product.price * (0.9 + random() / 5))
      : between(t.price[0], t.price[1]);
    const row: Row = {
      ID: `OBJ-${pad(n, 6)}`,
      Descr: product.bulk ? `${model} (partij van ${quantity})` : model,
      ObjectType: t.ID,
      Product: product.ID,
      Status: status,
      BaseLocation: base,
      Location: location,
      Barcode: ean(n),
      PurchaseDate: isoDate(bought),
      PurchasePrice: unitPrice * quantity,
    };
    // The own fleet has no owner; a few units and containers are customers' own, kept and rented out for them.
    if ((t.ID === 'OT-UNT' || t.ID === 'OT-CON') && random() < 0.1) row.Owner = pick(CUSTOMER_OWNERS);
    // Imported machines say where they were made; the end of life only where it is near.
    if (t.country !== 'NL') row.CountryOfOrigin = t.country;
    if (end.getTime() - TODAY.getTime() < 2 * 365 * 86_400_000) row.EndOfLifeDate = isoDate(end);
    const warehouse = warehouseOf.get(home);
    if (warehouse) row.Warehouse = warehouse;
    if (product.bulk) {
      row.UniqueItem = false;
      row.Quantity = quantity;
    } else row.SerialNumber = `${t.ID.slice(3)}${year}${pad(between(0, 99_999), 5)}`;
    if (t.mask) row.ConstructionYear = String(bought.getUTCFullYear());
    for (const k of ['Brand', 'BrandType', 'BrandRevision'] as const) if (product[k]) row[k] = product[k]!;
    if (MANAGER && home === MANAGED_DEPOT) row.Manager = MANAGER;
    objects.push(row);
  }
}

// A few objects are locked: damage reported, missing, a manufacturer's recall, and expired
// inspections (a system reason, which no user may lift).
const lockable = objects.filter(
  (o) => o.Status === 'BESCHIKBAAR' || o.Status === 'KEURING' || o.Status === 'REPARATIE',
);
const locks: [string, number][] = [
  ['KEURING', 6],
  ['SCHADE', 5],
  ['VERMIST', 2],
  ['TERUGROEP', 3],
];
const lockedIds = new Set<string>();
for (const [reason, count] of locks) {
  for (let k = 0; k < count; k++) {
    const o = lockable[Math.floor((lockable.length / 17) * (lockedIds.size + 1)) + k];
    if (!o || lockedIds.has(String(o.ID))) continue;
    lockedIds.add(String(o.ID));
    Object.assign(o, {
      Locked: true,
      LockReason: reason,
      LockedAt: `2026-${pad(between(8, 11), 2)}-${pad(between(1, 19), 2)}T${pad(between(7, 16), 2)}:${pick(['00', '15', '30', '45'])}`,
    });
    if (reason === 'KEURING') o.Status = 'KEURING';
  }
}

// ---------------------------------------------------------------------------------------------
// Move baskets: one processed (its objects came back from a site, its items stamped and the
// location log written), two still open.

const available = (type: string, depot: string) =>
  objects.filter(
    (o) =>
      o.ObjectType === type &&
      o.Status === 'BESCHIKBAAR' &&
      !o.Locked &&
      depotOf(String(o.Location)) === depot &&
      o.ID !== 'OBJ-000001',
  );
const baskets: Row[] = [];
const items: Row[] = [];
const log: Row[] = [];

const returned = [
  ...available('OT-STG', 'LOC-003').slice(0, 5),
  ...available('OT-RST', 'LOC-003').slice(0, 3),
  ...available('OT-BHK', 'LOC-003').slice(0, 2),
];
const returnedTo = inDepot('LOC-003', 'HAL')[0] ?? 'LOC-003';
baskets.push({
  ID: 'VM-0001',
  Descr: 'Retour steigerwerk Zernike Campus',
  ToLocation: returnedTo,
  ToWarehouse: 'MAG-03',
  Status: 'processed',
  ProcessedAt: '2026-11-18T15:40',
  ...(MANAGER ? { Owner: MANAGER, ProcessedBy: MANAGER } : {}),
});
for (const o of returned) {
  items.push({
    Basket: 'VM-0001',
    Object: o.ID,
    FromLocation: 'LOC-046',
    ToLocation: returnedTo,
    MovedAt: '2026-11-18T15:40',
  });
  log.push({
    Object: o.ID,
    FromLocation: 'LOC-046',
    ToLocation: returnedTo,
    Reason: 'Retour na oplevering steigerwerk',
  });
  o.Location = returnedTo;
}

const toEvent = [
  ...available('OT-AFZ', 'LOC-001').slice(0, 3),
  ...available('OT-AGG', 'LOC-001').slice(0, 2),
  ...available('OT-VLM', 'LOC-001').slice(0, 2),
];
baskets.push({
  ID: 'VM-0002',
  Descr: 'Evenementmateriaal Park de Wezenlanden',
  ToLocation: 'LOC-074',
  Status: 'open',
  Note: 'Ophalen door transport vrijdag 7:00 uur.',
});
for (const o of toEvent) items.push({ Basket: 'VM-0002', Object: o.ID });

const toQuay = available('OT-HWK', 'LOC-002').slice(0, 3);
baskets.push({ ID: 'VM-0003', Descr: 'Hoogwerkers kademuur Wolwevershaven', ToLocation: 'LOC-062', Status: 'open' });
for (const o of toQuay) items.push({ Basket: 'VM-0003', Object: o.ID });

// ---------------------------------------------------------------------------------------------
// Out on rent: the delivered rental lines of orders with rental outstanding whose products have
// unique objects go out with specific objects, as a picklist's pick sends them: locked, at the
// order's deliver location (the location log says so) and remembering their line, so a return
// entry scans them back in. The objects with the lowest numbers go first, so a lookup of objects
// shows some of them on its first pages.

const ordersById = new Map((readSeed('orders') ?? []).map((o) => [String(o.ID), o]));
const rentedOut = new Set<string>();
const freeFor = (product: unknown) =>
  objects.filter(
    (o) =>
      o.Product === product &&
      o.Status === 'BESCHIKBAAR' &&
      !o.Locked &&
      o.ID !== 'OBJ-000001' &&
      !rentedOut.has(String(o.ID)) &&
      !items.some((i) => i.Object === o.ID),
  );
const outstanding = (line: Row) => Number(line.DeliveredQuantity ?? 0) - Number(line.ReturnedQuantity ?? 0);
const rentalLines = (readSeed('orderlines') ?? [])
  .filter(
    (l) =>
      l.LineType === 'rental' &&
      ordersById.get(String(l.Order))?.Status === 5 &&
      ordersById.get(String(l.Order))?.DeliverLocation &&
      l.Reference &&
      outstanding(l) >= 1 &&
      freeFor(l.Product).length >= outstanding(l),
  )
  .sort((a, b) => String(freeFor(a.Product)[0].ID).localeCompare(String(freeFor(b.Product)[0].ID)))
  .slice(0, 4);
for (const line of rentalLines) {
  const order = ordersById.get(String(line.Order));
  if (!order) continue;
  for (const o of freeFor(line.Product).slice(0, outstanding(line))) {
    rentedOut.add(String(o.ID));
    log.push({
      Object: o.ID,
      FromLocation: o.Location,
      ToLocation: order.DeliverLocation,
      Reason: `Geleverd op order ${String(order.ID)}`,
    });
    Object.assign(o, {
      Location: order.DeliverLocation,
      Locked: true,
      LockedAt: `${String(line.DeliverDate ?? order.DeliverDate)}T08:00`,
      RentalOrderLine: line.Reference,
    });
  }
}

// The automatic generator continues after the last seeded number.
generators[0].NextNumber = objects.length + 1;

writeSeed('objectstatuses', 'ID', statuses);
writeSeed('lockreasons', 'ID', lockReasons);
writeSeed('objectgroups', 'ID', objectGroups);
writeSeed('objectidgenerators', 'ID', generators);
writeSeed('objecttypes', 'ID', objectTypes);
writeSeed('objecttypeproperties', 'Descr', properties);
writeSeed('miplans', 'ID', plans);
writeSeed('objecttypeoischedules', 'Descr', schedules);
writeSeed('objects', 'ID', objects);
writeSeed('movebaskets', 'ID', baskets);
writeSeed('movebasketitems', 'Object', items);
writeSeed('objectlocationlog', 'Object', log);
