// Writes the demo pack's products area: product statuses, rental rate codes, brands with their
// types and revisions, product groups, categories, units, VAT codes, crosslink types and reasons,
// then the assortment of tools/demo-data/products-catalogue.ts: 150 rental products
// (ART-0001…0150) with one or two rental rates each, 150 sale products (ART-0151…0300),
// compositions (scaffolding sets, fence sets, unit and power combinations), suppliers from the
// demo relations, alternatives and crosslinks.
//   node --import tsx tools/demo-data/products.ts
// The same input always gives the same files: what varies (which products get a second rate,
// price rounding) comes from a generator with a fixed seed.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { randomness, SEED_DIR, writeSeed, type Row } from './seeds.ts';
import { BRAND_REVISIONS, BRAND_TYPES, BRANDS, RENTAL, SALE, type RentalItem } from './products-catalogue.ts';

const { pick } = randomness(5_2026);
const money = (n: number) => Math.round(n * 100) / 100;

if (RENTAL.length !== 150 || SALE.length !== 150)
  throw new Error(`the catalogue has ${RENTAL.length} rental and ${SALE.length} sale products; 150 each are promised`);

// ---------------------------------------------------------------------------------------------
// System tables of the area.

const statuses: Row[] = [
  {
    ID: 'ACTIEF',
    Descr: 'Actief',
    Color: '#5cb85c',
    SortOrder: 1,
    IsDefault: true,
    IsSaleable: true,
    IsOrderable: true,
    IsRentable: true,
  },
  {
    ID: 'NIEUW',
    Descr: 'Nieuw in assortiment',
    Color: '#5bc0de',
    SortOrder: 2,
    IsDefault: false,
    IsSaleable: true,
    IsOrderable: true,
    IsRentable: true,
  },
  {
    ID: 'UITLOOP',
    Descr: 'Uitlopend',
    Color: '#f0ad4e',
    SortOrder: 3,
    IsDefault: false,
    IsSaleable: true,
    IsOrderable: false,
    IsRentable: true,
  },
  {
    ID: 'GEBLOKKEERD',
    Descr: 'Geblokkeerd',
    Color: '#d9534f',
    SortOrder: 4,
    IsDefault: false,
    IsSaleable: false,
    IsOrderable: false,
    IsRentable: false,
  },
  {
    ID: 'VERVALLEN',
    Descr: 'Vervallen',
    Color: '#999999',
    SortOrder: 5,
    IsDefault: false,
    IsSaleable: false,
    IsOrderable: false,
    IsRentable: false,
  },
];

const rateCodes: Row[] = [
  { ID: 'STD', Descr: 'Standaardtarief' },
  { ID: 'WEEKEND', Descr: 'Weekendtarief' },
  { ID: 'LANG', Descr: 'Langetermijntarief' },
];

const groups: [string, string, string][] = [
  ['GRONDVERZET', 'Grondverzet', 'MACHINES'],
  ['VERDICHTING', 'Verdichting', 'MATERIEEL'],
  ['HOOGWERKERS', 'Hoogwerkers en verreikers', 'MACHINES'],
  ['STEIGERS', 'Steigers en ladders', 'MATERIEEL'],
  ['AFZETTING', 'Afzetting en verkeer', 'MATERIEEL'],
  ['UNITS', 'Units en containers', 'UNITS'],
  ['ENERGIE', 'Energie, licht en perslucht', 'MACHINES'],
  ['POMPEN', 'Pompen', 'MATERIEEL'],
  ['KLEINMATERIEEL', 'Klein materieel', 'MATERIEEL'],
  ['TRANSPORT', 'Aanhangers en transport', 'MATERIEEL'],
  ['DIENSTEN', 'Diensten en doorbelastingen', 'DIENSTEN'],
  ['BRANDSTOF', 'Brandstof en olie', 'VERBRUIK'],
  ['PBM', 'Persoonlijke beschermingsmiddelen', 'VEILIGHEID'],
  ['ZAAGENBOOR', 'Zaagbladen, beitels en boren', 'VERBRUIK'],
  ['MARKERING', 'Afzet- en markeringsmateriaal', 'VERBRUIK'],
  ['BEVESTIGING', 'Hijsen en bevestigen', 'VERBRUIK'],
  ['BOUWVERBRUIK', 'Bouwplaatsverbruik', 'VERBRUIK'],
  ['ELEKTRA', 'Elektra', 'VERBRUIK'],
  ['TUIN', 'Tuin en groen', 'VERBRUIK'],
  ['GEREEDSCHAP', 'Handgereedschap', 'GEREEDSCHAP'],
];
const groupName = new Map(groups.map(([id, descr]) => [id, descr]));

const categories: Row[] = [
  ['MACHINES', 'Machines'],
  ['MATERIEEL', 'Bouwmaterieel'],
  ['TOEBEHOREN', 'Toebehoren en onderdelen'],
  ['UNITS', 'Units en containers'],
  ['VERBRUIK', 'Verbruiksartikelen'],
  ['VEILIGHEID', 'Veiligheid'],
  ['GEREEDSCHAP', 'Gereedschap'],
  ['DIENSTEN', 'Diensten'],
].map(([ID, Descr], i) => ({ ID, Descr, SortOrder: i + 1, ShowInCatalogue: ID !== 'DIENSTEN' }));

const quantities: Row[] = [
  ['ST', 'Stuk', 'Aantal', 'st'],
  ['SET', 'Set', 'Aantal', 'set'],
  ['PAAR', 'Paar', 'Aantal', 'pr'],
  ['DOOS', 'Doos', 'Aantal', 'ds'],
  ['PAK', 'Pak', 'Aantal', 'pk'],
  ['ZAK', 'Zak', 'Aantal', 'zk'],
  ['ROL', 'Rol', 'Aantal', 'rl'],
  ['L', 'Liter', 'Volume', 'l'],
  ['M3', 'Kubieke meter', 'Volume', 'm³'],
  ['M', 'Meter', 'Lengte', 'm'],
  ['M2', 'Vierkante meter', 'Oppervlakte', 'm²'],
  ['KG', 'Kilogram', 'Gewicht', 'kg'],
  ['UUR', 'Uur', 'Tijd', 'u'],
].map(([ID, Descr, QGroup, Symbol]) => ({ ID, Descr, QGroup, Symbol, Abbreviation: Symbol }));

const vatCodes: Row[] = [
  {
    ID: 'H21',
    Descr: 'Btw hoog 21%',
    Percentage: 21,
    Country: 'NL',
    GeneralLedger: '1500',
    PurchaseGeneralLedger: '1520',
  },
  {
    ID: 'L9',
    Descr: 'Btw laag 9%',
    Percentage: 9,
    Country: 'NL',
    GeneralLedger: '1500',
    PurchaseGeneralLedger: '1520',
  },
  { ID: 'N0', Descr: 'Btw 0%', Percentage: 0, Country: 'NL', GeneralLedger: '1500', PurchaseGeneralLedger: '1520' },
];

const crosslinkTypes: Row[] = [
  { ID: 'ACCESSOIRE', Descr: 'Accessoire', SortOrder: 1, IsBidirectional: false, ShowInCatalogue: true },
  { ID: 'VERBRUIK', Descr: 'Verbruiksartikel', SortOrder: 2, IsBidirectional: false, ShowInCatalogue: true },
  { ID: 'VEILIGHEID', Descr: 'Veiligheidsartikel', SortOrder: 3, IsBidirectional: false, ShowInCatalogue: true },
  { ID: 'COMBINATIE', Descr: 'Vaak samen gehuurd', SortOrder: 4, IsBidirectional: true, ShowInCatalogue: false },
];

const reasons: Row[] = [
  { ID: 'ALT-VERVANGEN', Descr: 'Vervangen door nieuwer model', Kind: 'alternative', SortOrder: 1 },
  { ID: 'ALT-NIETLEVERBAAR', Descr: 'Niet meer leverbaar', Kind: 'alternative', SortOrder: 2 },
  { ID: 'ALT-ONGESCHIKT', Descr: 'Technisch niet uitwisselbaar', Kind: 'alternative', SortOrder: 3 },
];

/** Workflow groups the products' workflow templates start items in (service after a rental). */
const workflowGroups: Row[] = [
  { ID: 'KEURING', Descr: 'Keuring', Color: '#3d85c6' },
  { ID: 'ONDERHOUD', Descr: 'Onderhoud', Color: '#6aa84f' },
  { ID: 'REPARATIE', Descr: 'Reparatie', Color: '#cc0000' },
  { ID: 'REINIGING', Descr: 'Reiniging', Color: '#f1c232' },
];

const brandOfType = new Map(BRAND_TYPES.map(([id, brand]) => [id, brand]));
const typeDescr = new Map(BRAND_TYPES.map(([id, , descr]) => [id, descr]));
const brandDescr = new Map(BRANDS.map(([id, descr]) => [id, descr]));
/** The current revision of a type: its last one that is not archived. */
const currentRevision = new Map(
  BRAND_REVISIONS.filter(([, , , archived]) => !archived).map(([id, type]) => [type, id]),
);

// ---------------------------------------------------------------------------------------------
// Products.

const code = (n: number) => `ART-${String(n).padStart(4, '0')}`;
const codeOf = new Map([...RENTAL, ...SALE].map((item, i) => [item.descr, code(i + 1)]));
if (codeOf.size !== 300) throw new Error('product descriptions must be unique: they name the products below');
const art = (descr: string): string => {
  const found = codeOf.get(descr);
  if (!found) throw new Error(`no product "${descr}" in the catalogue`);
  return found;
};

/** Products whose status is not simply active, with why. */
const special: Record<string, Row> = {
  'Minigraver 1,9 t elektrisch': {
    Status: 'NIEUW',
    AvailableFrom: '2026-03-01',
    Notes: 'Emissievrij graven in binnenstedelijke projecten; laden via 230 V of snellader 400 V.',
  },
  'Verlichtingsmast LED': { Status: 'NIEUW', AvailableFrom: '2026-02-01' },
  'Aanhangerhoogwerker 12 m': { Status: 'NIEUW', AvailableFrom: '2026-04-15' },
  'Trilstamper 60 kg': { Status: 'UITLOOP', Notes: 'Wordt vervangen door de trilstamper 70 kg (4-takt).' },
  'Rolsteiger 0,75 x 2,45 m werkhoogte 4,2 m': { Status: 'UITLOOP' },
  'Telescoophoogwerker 28 m': {
    Status: 'GEBLOKKEERD',
    BlockedForOrder: true,
    Notes: 'Geblokkeerd tot de jaarlijkse keuring is afgerond.',
  },
  'Aspen 2-takt benzine 5 l': { Status: 'UITLOOP' },
  'Diamantzaagblad tegels 200 mm': { Status: 'UITLOOP' },
  'Stofmasker FFP3 doos 10 stuks': {
    Status: 'GEBLOKKEERD',
    BlockedForDelivery: true,
    BlockedForOrder: true,
    Notes: 'Partij teruggeroepen door de leverancier; niet uitleveren.',
  },
};

const composed = new Set([
  'Steigerset gevel 2,57 x 6 m',
  'Steigerset gevel 2,57 x 10 m',
  'Steigerset gevel 3,07 x 6 m',
  'Bouwhekset 35 m',
  'Bouwhekset 70 m',
  'Unitcombinatie kantoor en schaft',
  'Aggregaatset evenement 40 kVA',
  'PBM-startpakket bouwplaats',
]);

const chargesOf = (item: RentalItem): Row =>
  item.charge === 'machine'
    ? {
        RepairProduct: art('Reparatie door monteur'),
        CleaningProduct: art('Reinigingskosten machine'),
        MissingProduct: art('Vermissing machine'),
        BeyondRepairProduct: art('Onherstelbare schade machine'),
      }
    : {
        RepairProduct: art('Reparatie door monteur'),
        CleaningProduct: art('Reinigingskosten klein materieel'),
        MissingProduct: art('Vermissing klein materieel'),
        BeyondRepairProduct: art('Onherstelbare schade klein materieel'),
      };

function brandFields(type: string | undefined): Row {
  if (!type) return {};
  const brand = brandOfType.get(type)!;
  const revision = currentRevision.get(type);
  return {
    Brand: brand,
    BrandType: type,
    ...(revision ? { BrandRevision: revision } : {}),
    Descr2: `${brandDescr.get(brand)} ${typeDescr.get(type)}`,
  };
}

/**
 * A unique product's object type (a unique product needs one): the type tools/demo-data/objects.ts
 * gave its objects, read from the objects seed it wrote.
 */
const objectTypeOf = new Map<string, string>();
const objectsSeed = path.join(SEED_DIR, 'objects.json');
if (existsSync(objectsSeed))
  for (const o of (JSON.parse(readFileSync(objectsSeed, 'utf8')) as { rows: Row[] }).rows)
    if (o.Product && o.ObjectType && !objectTypeOf.has(String(o.Product)))
      objectTypeOf.set(String(o.Product), String(o.ObjectType));

/** The object type of a unique product, when its objects have one. */
const objectTypeFields = (stock: string, id: string): Row => {
  const type = stock === 'unique' ? objectTypeOf.get(id) : undefined;
  return type ? { ObjectType: type } : {};
};

const products: Row[] = [];
RENTAL.forEach((item, i) => {
  products.push({
    ID: code(i + 1),
    ProductType: 'rental',
    Status: 'ACTIEF',
    Descr: item.descr,
    ...brandFields(item.type),
    SearchTags: `verhuur ${groupName.get(item.group)!.toLowerCase()}`,
    ProductGroup: item.group,
    Category: item.category,
    StockType: item.stock,
    ...objectTypeFields(item.stock, code(i + 1)),
    Unit: item.unit,
    IsComposed: composed.has(item.descr),
    Weight: item.kg,
    PurchasePrice: item.purchase,
    PurchaseCurrency: 'EUR',
    PurchaseVat: 'H21',
    ...chargesOf(item),
    ...special[item.descr],
  });
});
SALE.forEach((item, i) => {
  products.push({
    ID: code(RENTAL.length + i + 1),
    ProductType: 'sale',
    Status: 'ACTIEF',
    Descr: item.descr,
    ...brandFields(item.type),
    SearchTags: `verkoop ${groupName.get(item.group)!.toLowerCase()}`,
    ProductGroup: item.group,
    Category: item.category,
    Unit: item.unit,
    IsComposed: composed.has(item.descr),
    ...(item.stock ? { StockType: item.stock, StockIndication: true, MinimumStock: 10, MaximumStock: 100 } : {}),
    ...(item.price === undefined ? { PriceOnRequest: true } : { Price: item.price, Vat: 'H21', Currency: 'EUR' }),
    ...(item.stock && item.price !== undefined ? { RecommendedRetailPrice: money(item.price * 1.15) } : {}),
    ...(item.purchase !== undefined
      ? { PurchasePrice: item.purchase, PurchaseCurrency: 'EUR', PurchaseVat: 'H21' }
      : {}),
    ...(item.storeCredit
      ? { StoreCreditAmount: item.storeCredit, StoreCreditCurrency: 'EUR', StoreCreditExpiry: 730 }
      : {}),
    ...(item.group === 'BOUWVERBRUIK' && item.descr.startsWith('Metselzand') ? { DropShipment: true } : {}),
    ...(item.descr.startsWith('Propaan') ? { AllowRepurchase: true } : {}),
    ...special[item.descr],
  });
});

// ---------------------------------------------------------------------------------------------
// Rental rates: every rental product has a standard rate; about half get a second one (the new
// year's standard rate, a weekend rate or a long-term rate).

const rateLabel: Record<string, string> = {
  STD: 'Standaardtarief',
  WEEKEND: 'Weekendtarief',
  LANG: 'Langetermijntarief',
};
function rate(
  item: RentalItem,
  product: string,
  rateCode: string,
  effective: string,
  isDefault: boolean,
  factor: number,
): Row {
  const d = item.day * factor;
  const long = rateCode === 'LANG' ? 0.8 : 1;
  return {
    Product: product,
    RateCode: rateCode,
    Descr: `${rateLabel[rateCode]} ${effective.slice(0, 4)} ${product}`,
    EffectiveDate: effective,
    IsDefault: isDefault,
    Day1: money(d),
    Day2: money(d * 1.8),
    Day3: money(d * 2.5),
    Day4: money(d * 3.1),
    Day5: money(d * 3.6),
    Day6: money(d * 4),
    Week: money(d * 4.2),
    Month: money(d * 12 * long),
    Quarter: money(d * 32 * long),
    Year: money(d * 110 * long),
    ...(item.meter ? { MeterReadingUnitRate: money(d / 12) } : {}),
  };
}
const rates: Row[] = [];
RENTAL.forEach((item, i) => {
  const product = code(i + 1);
  const second = pick(['none', 'none', 'STD2026', 'WEEKEND', 'LANG'] as const);
  // The newest standard rate is the default one.
  rates.push(rate(item, product, 'STD', '2025-01-01', second !== 'STD2026', 1));
  if (second === 'STD2026') rates.push(rate(item, product, 'STD', '2026-01-01', true, 1.04));
  if (second === 'WEEKEND') rates.push(rate(item, product, 'WEEKEND', '2025-01-01', true, 1.25));
  if (second === 'LANG') rates.push(rate(item, product, 'LANG', '2025-01-01', true, 1));
});

// ---------------------------------------------------------------------------------------------
// Compositions. A set may hold another set (the 10 m facade scaffold holds the 6 m one).

const compositions: [set: string, parts: [part: string, quantity: number, roundoff?: string][]][] = [
  [
    'Steigerset gevel 2,57 x 6 m',
    [
      ['Voetspindel 0,60 m', 6],
      ['Steigerstaander 2,00 m', 18],
      ['Steigerligger 2,57 m', 24],
      ['Dwarsligger 0,73 m', 12],
      ['Steigervloer staal 2,57 m', 16],
      ['Luikvloer met ladder 2,57 m', 2],
      ['Diagonaal 2,57 m', 6],
      ['Kantplank 2,57 m', 12],
      ['Leuningframe 2,57 m', 6],
      ['Muuranker 0,80 m', 6],
    ],
  ],
  [
    'Steigerset gevel 2,57 x 10 m',
    [
      ['Steigerset gevel 2,57 x 6 m', 1],
      ['Steigerstaander 2,00 m', 12],
      ['Steigerligger 2,57 m', 16],
      ['Dwarsligger 0,73 m', 8],
      ['Steigervloer staal 2,57 m', 8],
      ['Luikvloer met ladder 2,57 m', 2],
      ['Diagonaal 2,57 m', 4],
      ['Muuranker 0,80 m', 4],
    ],
  ],
  [
    'Steigerset gevel 3,07 x 6 m',
    [
      ['Voetspindel 0,60 m', 6],
      ['Steigerstaander 2,00 m', 18],
      ['Steigerligger 3,07 m', 24],
      ['Dwarsligger 0,73 m', 12],
      ['Steigervloer staal 3,07 m', 16],
      ['Luikvloer met ladder 2,57 m', 2],
      ['Diagonaal 2,57 m', 6],
      ['Kantplank 2,57 m', 12],
      ['Muuranker 0,80 m', 6],
    ],
  ],
  [
    'Bouwhekset 35 m',
    [
      ['Bouwhek 3,50 x 2,00 m', 10],
      ['Bouwhekvoet beton', 11],
      ['Bouwhekklem', 10],
      ['Bouwhekschoor', 4, 'up'],
    ],
  ],
  [
    'Bouwhekset 70 m',
    [
      ['Bouwhekset 35 m', 2],
      ['Bouwhekpoort 3,50 m', 1],
      ['Bouwhekschoor', 2, 'up'],
    ],
  ],
  [
    'Unitcombinatie kantoor en schaft',
    [
      ['Kantoorunit 6 m', 1],
      ['Schaftkeet 6 m', 1],
      ['Toiletunit standaard', 1],
    ],
  ],
  [
    'Aggregaatset evenement 40 kVA',
    [
      ['Aggregaat 40 kVA', 1],
      ['Bouwstroomkast 63 A', 1],
      ['Verdeelkast 32 A', 2],
      ['Verlengkabel 25 m 400 V 32 A', 4, 'uptens'],
    ],
  ],
  [
    'PBM-startpakket bouwplaats',
    [
      ['Veiligheidshelm wit', 1],
      ['Veiligheidsvest geel maat L', 1],
      ['Werkhandschoenen maat 10', 1],
      ['Veiligheidsbril helder', 1],
    ],
  ],
];
const parts: Row[] = compositions.flatMap(([set, list]) =>
  list.map(([part, quantity, roundoff], i) => ({
    Product: art(set),
    Position: (i + 1) * 10,
    PartProduct: art(part),
    Descr: `${set}: ${part}`,
    Quantity: quantity,
    RoundoffMethod: roundoff ?? 'none',
  })),
);

// ---------------------------------------------------------------------------------------------
// Alternatives: the neighbouring size in a family stands in when a product is out. A few no longer
// hold, with the reason.

const families: string[][] = [
  ['Minigraver 1,0 t', 'Minigraver 1,7 t', 'Minigraver 1,9 t', 'Minigraver 2,7 t', 'Minigraver 3,5 t'],
  ['Midigraver 5,5 t', 'Midigraver 8 t'],
  ['Dumper 1,5 t', 'Dumper 3 t', 'Dumper 6 t'],
  ['Trilstamper 60 kg', 'Trilstamper 70 kg'],
  ['Trilplaat 90 kg', 'Trilplaat 160 kg'],
  ['Trilplaat omkeerbaar 300 kg', 'Trilplaat omkeerbaar 500 kg'],
  [
    'Schaarhoogwerker 8 m elektrisch',
    'Schaarhoogwerker 10 m elektrisch',
    'Schaarhoogwerker 12 m elektrisch',
    'Schaarhoogwerker 14 m elektrisch',
  ],
  ['Schaarhoogwerker 12 m diesel 4x4', 'Schaarhoogwerker 15 m diesel 4x4'],
  ['Knikarmhoogwerker 16 m diesel', 'Knikarmhoogwerker 20 m diesel'],
  ['Telescoophoogwerker 22 m', 'Telescoophoogwerker 28 m'],
  ['Verreiker 6 m', 'Verreiker 10 m', 'Verreiker 14 m'],
  [
    'Rolsteiger 1,35 x 2,45 m werkhoogte 6,2 m',
    'Rolsteiger 1,35 x 2,45 m werkhoogte 8,2 m',
    'Rolsteiger 1,35 x 2,45 m werkhoogte 10,2 m',
  ],
  ['Aggregaat 20 kVA', 'Aggregaat 40 kVA', 'Aggregaat 100 kVA'],
  ['Compressor 2,5 m³', 'Compressor 5 m³'],
  ['Breekhamer 10 kg', 'Breekhamer 30 kg'],
  ['Opslagcontainer 10 ft', 'Opslagcontainer 20 ft'],
  ['Afvalcontainer 6 m³', 'Afvalcontainer 10 m³', 'Afvalcontainer 20 m³'],
  ['Dompelpomp 400 l/min', 'Dompelpomp 1000 l/min'],
  ['Werkhandschoenen maat 9', 'Werkhandschoenen maat 10'],
  ['Diamantzaagblad beton 300 mm', 'Diamantzaagblad beton 350 mm'],
];
const cancelled: Record<string, string> = {
  'Trilstamper 70 kg|Trilstamper 60 kg': 'ALT-VERVANGEN',
  'Minigraver 2,7 t|Minigraver 1,9 t': 'ALT-ONGESCHIKT',
  'Diamantzaagblad beton 350 mm|Diamantzaagblad beton 300 mm': 'ALT-NIETLEVERBAAR',
};
const alternatives: Row[] = families.flatMap((family) =>
  family.flatMap((descr, i) =>
    [family[i - 1], family[i + 1]]
      .filter((other): other is string => other !== undefined)
      .map((other) => {
        const reason = cancelled[`${descr}|${other}`];
        return {
          Product: art(descr),
          AlternativeProduct: art(other),
          Status: reason ? 'cancelled' : 'active',
          ...(reason ? { CancelReason: reason } : {}),
          Descr: `${other} als alternatief voor ${descr}`,
        };
      }),
  ),
);

// ---------------------------------------------------------------------------------------------
// Crosslinks: what goes with a product (attachments, consumables, safety gear).

const links: [product: string, linked: string, type: string][] = [
  ...['Minigraver 1,0 t', 'Minigraver 1,7 t', 'Minigraver 1,9 t', 'Minigraver 2,7 t', 'Minigraver 3,5 t'].flatMap(
    (g): [string, string, string][] => [
      [g, 'Dieplepelbak 300 mm', 'ACCESSOIRE'],
      [g, 'Dieplepelbak 400 mm', 'ACCESSOIRE'],
      [g, 'Slotenbak 1000 mm', 'ACCESSOIRE'],
      [g, 'Sloophamer minigraver 100 kg', 'ACCESSOIRE'],
      [g, 'Diesel', 'VERBRUIK'],
    ],
  ),
  ['Midigraver 5,5 t', 'Sloophamer midigraver 300 kg', 'ACCESSOIRE'],
  ['Midigraver 8 t', 'Sloophamer midigraver 300 kg', 'ACCESSOIRE'],
  ['Midigraver 8 t', 'Slotenbak 1500 mm kantelbaar', 'ACCESSOIRE'],
  ['Midigraver 8 t', 'AdBlue', 'VERBRUIK'],
  ['Dumper 3 t', 'Diesel', 'VERBRUIK'],
  ['Dumper 6 t', 'Diesel', 'VERBRUIK'],
  ...[
    'Schaarhoogwerker 12 m diesel 4x4',
    'Knikarmhoogwerker 16 m diesel',
    'Knikarmhoogwerker 20 m diesel',
    'Telescoophoogwerker 22 m',
    'Telescoophoogwerker 28 m',
    'Aanhangerhoogwerker 12 m',
  ].flatMap((h): [string, string, string][] => [
    [h, 'Valbeveiligingsharnas', 'VEILIGHEID'],
    [h, 'Vanglijn met schokdemper 2 m', 'VEILIGHEID'],
    [h, 'Instructie hoogwerker', 'ACCESSOIRE'],
  ]),
  ['Verreiker 10 m', 'Werkbak verreiker 2 personen', 'ACCESSOIRE'],
  ['Verreiker 10 m', 'Vorkenbord verreiker', 'ACCESSOIRE'],
  ['Verreiker 14 m', 'Werkbak verreiker 2 personen', 'ACCESSOIRE'],
  ['Verreiker 14 m', 'Kraanhaak verreiker 2,5 t', 'ACCESSOIRE'],
  ['Verreiker roterend 18 m', 'Kraanhaak verreiker 2,5 t', 'ACCESSOIRE'],
  ['Steigerset gevel 2,57 x 6 m', 'PBM-startpakket bouwplaats', 'VEILIGHEID'],
  ['Steigerset gevel 2,57 x 6 m', 'Opbouw en afbouw steiger', 'ACCESSOIRE'],
  ['Steigerset gevel 2,57 x 10 m', 'Opbouw en afbouw steiger', 'ACCESSOIRE'],
  ['Bouwhekset 35 m', 'Bouwhekdoek groen 3,41 x 1,76 m', 'ACCESSOIRE'],
  ['Bouwhekset 35 m', 'Plaatsen bouwhekken', 'ACCESSOIRE'],
  ['Bouwhekset 70 m', 'Bouwhekdoek zwart bedrukbaar', 'ACCESSOIRE'],
  ['Bouwhek 3,50 x 2,00 m', 'Bouwhekklem', 'ACCESSOIRE'],
  ['Bouwhek 3,50 x 2,00 m', 'Bouwhekvoet beton', 'COMBINATIE'],
  ['Dranghek 2,50 m', 'Afzetlint rood-wit 500 m', 'VERBRUIK'],
  ['Kantoorunit 6 m', 'Toiletunit standaard', 'COMBINATIE'],
  ['Schaftkeet 6 m', 'Toiletunit standaard', 'COMBINATIE'],
  ['Kantoorunit 6 m', 'Aggregaat 7 kVA stil', 'COMBINATIE'],
  ...['Aggregaat 20 kVA', 'Aggregaat 40 kVA', 'Aggregaat 100 kVA'].flatMap((a): [string, string, string][] => [
    [a, 'Bouwstroomkast 63 A', 'ACCESSOIRE'],
    [a, 'Verlengkabel 25 m 400 V 32 A', 'ACCESSOIRE'],
    [a, 'Diesel', 'VERBRUIK'],
    [a, 'CEE-stekker 32 A 5-polig', 'VERBRUIK'],
  ]),
  ['Aggregaat 2,2 kVA stil', 'Kabelhaspel 25 m 230 V', 'ACCESSOIRE'],
  ['Aggregaat 7 kVA stil', 'Kabelhaspel 25 m 230 V', 'ACCESSOIRE'],
  ['Breekhamer 10 kg', 'Puntbeitel SDS-max 400 mm', 'VERBRUIK'],
  ['Breekhamer 10 kg', 'Oordoppen doos 200 paar', 'VEILIGHEID'],
  ['Breekhamer 30 kg', 'Puntbeitel SDS-max 600 mm', 'VERBRUIK'],
  ['Breekhamer 30 kg', 'Spadebeitel SDS-max 110 mm', 'VERBRUIK'],
  ['Breekhamer 30 kg', 'Gehoorkap', 'VEILIGHEID'],
  ['Combihamer SDS-max', 'Platte beitel SDS-max 400 mm', 'VERBRUIK'],
  ['Kernboormachine', 'Diamantkernboor 112 mm', 'VERBRUIK'],
  ['Kernboormachine', 'Diamantkernboor 152 mm', 'VERBRUIK'],
  ['Doorslijpmachine 350 mm', 'Diamantzaagblad beton 350 mm', 'VERBRUIK'],
  ['Doorslijpmachine 350 mm', 'Diamantzaagblad asfalt 350 mm', 'VERBRUIK'],
  ['Doorslijpmachine 350 mm', 'Aspen 2-takt benzine 5 l', 'VERBRUIK'],
  ['Doorslijpmachine 350 mm', 'Stofmasker FFP2 doos 20 stuks', 'VEILIGHEID'],
  ['Tegelzaagmachine 1200 mm', 'Diamantzaagblad tegels 200 mm', 'VERBRUIK'],
  ['Heater 30 kW diesel', 'Diesel', 'VERBRUIK'],
  ['Trilplaat 160 kg', 'Diesel', 'VERBRUIK'],
  ['Trilplaat omkeerbaar 500 kg', 'Diesel', 'VERBRUIK'],
  ['Dompelpomp 1000 l/min', 'Aggregaat 7 kVA stil', 'COMBINATIE'],
  ['Bronbemalingspomp', 'Aggregaat 20 kVA', 'COMBINATIE'],
  ['Machinetransporter 3500 kg', 'Spanband met ratel 50 mm 8 m', 'VERBRUIK'],
  ['Plateauwagen 2000 kg', 'Spanband met ratel 50 mm 8 m', 'VERBRUIK'],
  ['Bladblazer', 'Aspen 2-takt benzine 5 l', 'VERBRUIK'],
  ['Heggenschaar', 'Aspen 2-takt benzine 5 l', 'VERBRUIK'],
];
const crosslinks: Row[] = links.map(([product, linked, type], i) => ({
  Product: art(product),
  LinkedProduct: art(linked),
  CrosslinkType: type,
  SortOrder: (i % 5) + 1,
  Descr: `${linked} bij ${product}`,
}));

// ---------------------------------------------------------------------------------------------
// Suppliers: the demo relations that supply (lifting equipment, scaffolding, technical wholesale).

const suppliers: Record<string, { relation: string; prefix: string; lead: number }> = {
  lifting: { relation: 'R0009', prefix: 'BH-', lead: 21 },
  scaffolding: { relation: 'R0016', prefix: 'SB-', lead: 5 },
  scaffoldingSecond: { relation: 'R0014', prefix: 'NS-', lead: 10 },
  wholesale: { relation: 'R0023', prefix: 'TU-', lead: 2 },
};
const supplierOf = (group: string): (keyof typeof suppliers)[] => {
  if (group === 'HOOGWERKERS') return ['lifting'];
  if (group === 'STEIGERS') return ['scaffolding', 'scaffoldingSecond'];
  if (group === 'AFZETTING') return ['scaffolding'];
  if (
    [
      'ENERGIE',
      'POMPEN',
      'KLEINMATERIEEL',
      'BRANDSTOF',
      'PBM',
      'ZAAGENBOOR',
      'MARKERING',
      'BEVESTIGING',
      'BOUWVERBRUIK',
      'ELEKTRA',
      'GEREEDSCHAP',
    ].includes(group)
  )
    return ['wholesale'];
  return [];
};
let supplierNumber = 10400;
const productSuppliers: Row[] = [...RENTAL, ...SALE].flatMap((item) =>
  supplierOf(item.group).map((key, i) => {
    const s = suppliers[key];
    const purchase = 'purchase' in item && item.purchase !== undefined ? item.purchase : undefined;
    return {
      Product: art(item.descr),
      Supplier: s.relation,
      SupplierProductCode: `${s.prefix}${supplierNumber++}`,
      ...(purchase !== undefined ? { PurchasePrice: money(purchase * (i === 0 ? 1 : 1.06)), Currency: 'EUR' } : {}),
      LeadTimeDays: s.lead,
      IsDefault: i === 0,
    };
  }),
);

// ---------------------------------------------------------------------------------------------

writeSeed('productstatuses', 'ID', statuses);
writeSeed('rentalratecodes', 'ID', rateCodes);
writeSeed(
  'brands',
  'ID',
  BRANDS.map(([ID, Descr, BrandType]) => ({ ID, Descr, BrandType })),
);
writeSeed(
  'brandtypes',
  'ID',
  BRAND_TYPES.map(([ID, Brand, Descr]) => ({ Brand, ID, Descr })),
);
writeSeed(
  'brandrevisions',
  'ID',
  BRAND_REVISIONS.map(([ID, BrandType, Descr, archived]) => ({
    BrandType,
    ID,
    Descr,
    ...(archived ? { Archive: true } : {}),
  })),
);
writeSeed('productcategories', 'ID', categories);
writeSeed(
  'productgroups',
  'ID',
  groups.map(([ID, Descr, ProductCategory]) => ({ ID, Descr, ProductCategory, VatCode: 'H21' })),
);
writeSeed('quantities', 'ID', quantities);
writeSeed('vatcodes', 'ID', vatCodes);
writeSeed('crosslinktypes', 'ID', crosslinkTypes);
writeSeed('reasons', 'ID', reasons);
writeSeed('workflowgroups', 'ID', workflowGroups);
writeSeed('products', 'ID', products);
writeSeed('productrentalrates', 'Descr', rates);
writeSeed('productparts', 'Descr', parts);
writeSeed('productalternatives', 'Descr', alternatives);
writeSeed('productcrosslinks', 'Descr', crosslinks);
writeSeed('productsuppliers', 'SupplierProductCode', productSuppliers);
