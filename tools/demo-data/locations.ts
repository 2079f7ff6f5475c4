// Writes the demo pack's locations area: location statuses, groups, types and number generators,
// 80 locations (depots with their halls and yards, building sites, customer yards and event
// grounds of the demo relations), three warehouses with pick zones, and the security group
// "Magazijn Noord" whose members see only the locations they are linked to.
//   node --import tsx tools/demo-data/locations.ts
// The same input always gives the same files: the few varying values (house numbers, dates,
// coordinates) come from a generator with a fixed seed.
import { pad, randomness, writeSeed, type Row } from './seeds.ts';

const { random, between, pick } = randomness(19_2026);

// ---------------------------------------------------------------------------------------------
// System tables of the area.

const statuses: Row[] = [
  { ID: 'GEPLAND', Descr: 'Gepland', Color: '#5bc0de', SortOrder: 1, IsDefault: false, IsActive: true },
  { ID: 'ACTIEF', Descr: 'Actief', Color: '#5cb85c', SortOrder: 2, IsDefault: true, IsActive: true },
  { ID: 'TIJDELIJK', Descr: 'Tijdelijk gesloten', Color: '#f0ad4e', SortOrder: 3, IsDefault: false, IsActive: false },
  // A finished building site is closed two weeks after delivery, and archived a month after that.
  // The status it moves to comes first: its code must be there when OPGELEVERD (which requires it) is seeded.
  {
    ID: 'OPGEHEVEN',
    Descr: 'Opgeheven',
    Color: '#999999',
    SortOrder: 5,
    IsDefault: false,
    IsActive: false,
    AutoArchive: true,
    AutoChangeDelay: 30,
  },
  {
    ID: 'OPGELEVERD',
    Descr: 'Opgeleverd',
    Color: '#337ab7',
    SortOrder: 4,
    IsDefault: false,
    IsActive: true,
    AutoChangeStatus: true,
    AutoChangeStatusTo: 'OPGEHEVEN',
    AutoChangeDelay: 14,
  },
];

const groups: Row[] = [
  { ID: 'VESTIGING', Descr: 'Eigen vestigingen', SortOrder: 1, Color: '#0b5394', Administration: 'HOOFD' },
  { ID: 'BOUWPLAATS', Descr: 'Bouwplaatsen', SortOrder: 2, Color: '#e69138' },
  { ID: 'KLANTTERREIN', Descr: 'Klantterreinen', SortOrder: 3, Color: '#6aa84f' },
  { ID: 'EVENEMENT', Descr: 'Evenemententerreinen', SortOrder: 4, Color: '#a64d79' },
];

const generators: Row[] = [
  {
    ID: 'LOC',
    Descr: 'Locatiecodes',
    Prefix: 'LOC-',
    NextNumber: 81,
    MinimalLength: 3,
    AutoNumbering: true,
    UniqueScope: 'database',
  },
  // Customers who name their own sites: a code is theirs, so it only has to be unique per owner.
  {
    ID: 'KLANT',
    Descr: 'Codes van de klant',
    NextNumber: 1,
    MinimalLength: 0,
    AutoNumbering: false,
    UniqueScope: 'owner',
  },
];

const types: Row[] = [
  { ID: 'DEPOT', Descr: 'Depot', LocationGroup: 'VESTIGING', IDGenerator: 'LOC', Color: '#0b5394', IsDefault: false },
  {
    ID: 'HAL',
    Descr: 'Hal of opslagruimte',
    LocationGroup: 'VESTIGING',
    IDGenerator: 'LOC',
    Color: '#3d85c6',
    IsDefault: false,
  },
  {
    ID: 'BUITEN',
    Descr: 'Buitenterrein',
    LocationGroup: 'VESTIGING',
    IDGenerator: 'LOC',
    Color: '#6fa8dc',
    IsDefault: false,
  },
  {
    ID: 'WERKPLAATS',
    Descr: 'Werkplaats',
    LocationGroup: 'VESTIGING',
    IDGenerator: 'LOC',
    Color: '#9fc5e8',
    IsDefault: false,
  },
  {
    ID: 'BOUW',
    Descr: 'Bouwplaats',
    LocationGroup: 'BOUWPLAATS',
    IDGenerator: 'LOC',
    Color: '#e69138',
    IsDefault: true,
  },
  {
    ID: 'KLANTTERREIN',
    Descr: 'Klantterrein',
    LocationGroup: 'KLANTTERREIN',
    IDGenerator: 'LOC',
    Color: '#6aa84f',
    IsDefault: false,
  },
  {
    ID: 'EVENEMENT',
    Descr: 'Evenemententerrein',
    LocationGroup: 'EVENEMENT',
    IDGenerator: 'LOC',
    Color: '#a64d79',
    IsDefault: false,
  },
  {
    ID: 'KLANTCODE',
    Descr: 'Klantlocatie met eigen code',
    LocationGroup: 'KLANTTERREIN',
    IDGenerator: 'KLANT',
    Color: '#93c47d',
    IsDefault: false,
  },
];

// ---------------------------------------------------------------------------------------------
// Places: the cities the demo relations work in, with their position and postal code area.

interface City {
  name: string;
  country: string;
  lat: number;
  lon: number;
  postal: () => string;
}
const nl = (name: string, lat: number, lon: number, first: number): City => ({
  name,
  country: 'NL',
  lat,
  lon,
  postal: () => `${first + between(0, 9)} ${pick(['AB', 'BK', 'CD', 'EH', 'GL', 'JP', 'KS', 'LR', 'MN', 'TV'])}`,
});
const CITIES: Record<string, City> = {
  utrecht: nl('Utrecht', 52.0907, 5.1214, 3540),
  rotterdam: nl('Rotterdam', 51.9225, 4.4792, 3080),
  groningen: nl('Groningen', 53.2194, 6.5665, 9720),
  eindhoven: nl('Eindhoven', 51.4416, 5.4697, 5650),
  antwerpen: {
    name: 'Antwerpen',
    country: 'BE',
    lat: 51.2194,
    lon: 4.4025,
    postal: () => pick(['2000', '2030', '2060', '2170']),
  },
  schiedam: nl('Schiedam', 51.9192, 4.3989, 3110),
  delft: nl('Delft', 52.0116, 4.3571, 2610),
  zoetermeer: nl('Zoetermeer', 52.0575, 4.4931, 2710),
  houten: nl('Houten', 52.0283, 5.1681, 3990),
  amersfoort: nl('Amersfoort', 52.1561, 5.3878, 3810),
  veenendaal: nl('Veenendaal', 52.0288, 5.5589, 3900),
  dordrecht: nl('Dordrecht', 51.8133, 4.6901, 3310),
  breda: nl('Breda', 51.5719, 4.7683, 4810),
  helmond: nl('Helmond', 51.4793, 5.657, 5700),
  veghel: nl('Veghel', 51.6167, 5.5486, 5460),
  moerdijk: nl('Moerdijk', 51.699, 4.626, 4780),
  amsterdam: nl('Amsterdam', 52.3676, 4.9041, 1020),
  zaandam: nl('Zaandam', 52.442, 4.8292, 1500),
  hengelo: nl('Hengelo', 52.2658, 6.7931, 7550),
  almelo: nl('Almelo', 52.3567, 6.6625, 7600),
  enschede: nl('Enschede', 52.2215, 6.8937, 7520),
  zuidhorn: nl('Zuidhorn', 53.2461, 6.4053, 9800),
  leek: nl('Leek', 53.1625, 6.3792, 9350),
  ede: nl('Ede', 52.0402, 5.6649, 6710),
  denhaag: nl('Den Haag', 52.0705, 4.3007, 2520),
  denbosch: nl("'s-Hertogenbosch", 51.6978, 5.3037, 5210),
  haarlem: nl('Haarlem', 52.3874, 4.6462, 2030),
  leiden: nl('Leiden', 52.1601, 4.497, 2310),
  tilburg: nl('Tilburg', 51.5555, 5.0913, 5020),
  amstelveen: nl('Amstelveen', 52.3114, 4.8701, 1180),
  nieuwegein: nl('Nieuwegein', 52.0292, 5.0808, 3430),
  zwolle: nl('Zwolle', 52.5168, 6.083, 8010),
  kampen: nl('Kampen', 52.555, 5.9114, 8260),
  maastricht: nl('Maastricht', 50.8514, 5.691, 6210),
  roermond: nl('Roermond', 51.1942, 5.987, 6040),
  gent: {
    name: 'Gent',
    country: 'BE',
    lat: 51.0543,
    lon: 3.7174,
    postal: () => pick(['9000', '9030', '9040', '9050']),
  },
  dusseldorf: { name: 'Düsseldorf', country: 'DE', lat: 51.2277, lon: 6.7735, postal: () => `40${between(210, 599)}` },
  london: {
    name: 'London',
    country: 'GB',
    lat: 51.5072,
    lon: -0.1276,
    postal: () => `E16 ${between(1, 9)}${pick(['XL', 'AA', 'DR'])}`,
  },
};

/** One place of a location: its city, a street with a number near the city's centre. */
function place(cityKey: keyof typeof CITIES, street: string, fixedNumber?: string): Row {
  const city = CITIES[cityKey];
  return {
    Street: street,
    HouseNumber: fixedNumber ?? String(between(1, 180)),
    PostalCode: city.postal(),
    City: city.name,
    Country: city.country,
    Latitude: Number((city.lat + (random() - 0.5) * 0.04).toFixed(6)),
    Longitude: Number((city.lon + (random() - 0.5) * 0.06).toFixed(6)),
  };
}

/** A date between two others (YYYY-MM-DD), for the day a site started renting. */
function dateBetween(from: string, to: string): string {
  const a = Date.parse(`${from}T00:00:00Z`);
  const b = Date.parse(`${to}T00:00:00Z`);
  return new Date(a + Math.floor(random() * ((b - a) / 86_400_000 + 1)) * 86_400_000).toISOString().slice(0, 10);
}
const mobile = () => `06 - ${between(10, 99)} ${between(10, 99)} ${between(10, 99)} ${between(10, 99)}`;

const SITE_NOTES = [
  'Toegang via de bouwweg aan de noordzijde; de sleutel van het bouwhek ligt bij de uitvoerder.',
  'Leveren tussen 07:00 en 16:00 uur. Melden bij de bouwkeet.',
  'Beperkte draagkracht van de ondergrond: geen zware kranen op het middenterrein.',
  'Losplaats aan de straatzijde; vooraf een ontheffing van de gemeente aanvragen.',
  'Bouwhekken elke vrijdag controleren op windvastheid.',
  'Aggregaten staan achter de keten; brandstof alleen in de lekbak tanken.',
];

// ---------------------------------------------------------------------------------------------
// The locations. Codes are LOC-001 … LOC-080 in this order; a parent comes before its children.

interface Spec {
  descr: string;
  type: string;
  group: string;
  owner: string;
  contact?: string;
  parent?: number;
  status?: string;
  rental?: boolean;
  where: Row;
  descr2?: string;
  phone?: string;
  email?: string;
  notes?: string;
}
const specs: Spec[] = [];
const add = (s: Spec) => {
  specs.push(s);
  return specs.length;
};

// Own depots of Verhuurcentrale Nederland (R0001), each with its halls, yards and workshop.
const depot = (
  descr: string,
  city: keyof typeof CITIES,
  street: string,
  number: string,
  phone: string,
  contact: string,
  status = 'ACTIEF',
) =>
  add({
    descr,
    type: 'DEPOT',
    group: 'VESTIGING',
    owner: 'R0001',
    contact,
    status,
    where: place(city, street, number),
    phone,
    email: 'depots@verhuurcentrale.nl',
    notes: 'Openingstijden uitgifte: ma–vr 06:30–17:00 uur.',
  });
const part = (parent: number, descr: string, type: string, status = 'ACTIEF') => {
  const p = specs[parent - 1];
  return add({
    descr,
    type,
    group: 'VESTIGING',
    owner: p.owner,
    contact: p.contact,
    parent,
    status,
    where: { ...p.where },
  });
};
const utrecht = depot('Depot Utrecht', 'utrecht', 'Atoomweg', '50', '030 - 210 05 00', 'P0009');
const rotterdam = depot(
  'Depot Rotterdam-Waalhaven',
  'rotterdam',
  'Waalhaven Zuidzijde',
  '21',
  '010 - 429 18 00',
  'P0013',
);
const groningen = depot('Depot Groningen', 'groningen', 'Osloweg', '80', '050 - 571 22 40', 'P0011');
const eindhoven = depot('Depot Eindhoven', 'eindhoven', 'Hurksestraat', '20', '040 - 251 63 10', 'P0007');
const antwerpen = depot('Depot Antwerpen', 'antwerpen', 'Noorderlaan', '100', '+32 3 541 20 20', 'P0005');
part(utrecht, 'Hal A – steigermateriaal', 'HAL');
part(utrecht, 'Hal B – aggregaten en pompen', 'HAL');
part(utrecht, 'Buitenterrein – bouwhekken en containers', 'BUITEN');
const utrechtWorkshop = part(utrecht, 'Werkplaats Utrecht', 'WERKPLAATS');
part(utrechtWorkshop, 'Keuringsruimte NEN 3140', 'WERKPLAATS');
part(rotterdam, 'Hal 1 – hoogwerkers', 'HAL');
part(rotterdam, 'Containerveld Waalhaven', 'BUITEN');
part(rotterdam, 'Werkplaats Rotterdam', 'WERKPLAATS');
part(groningen, 'Opslaghal Groningen', 'HAL');
part(groningen, 'Buitenterrein Groningen', 'BUITEN');
part(groningen, 'Werkplaats Groningen', 'WERKPLAATS');
part(eindhoven, 'Opslaghal Eindhoven', 'HAL');
part(eindhoven, 'Buitenterrein Eindhoven', 'BUITEN');
part(antwerpen, 'Loods Antwerpen', 'HAL', 'TIJDELIJK');
part(antwerpen, 'Buitenterrein Antwerpen', 'BUITEN');

// Building sites of the demo customers. Planned sites rent nothing yet.
const site = (
  owner: string,
  contact: string | undefined,
  descr: string,
  city: keyof typeof CITIES,
  street: string,
  status = 'ACTIEF',
  parent?: number,
) =>
  add({
    descr,
    type: 'BOUW',
    group: 'BOUWPLAATS',
    owner,
    contact,
    parent,
    status,
    rental: status !== 'GEPLAND',
    where: place(city, street),
    descr2: `Project ${between(2024, 2026)}-${pad(between(1, 399), 4)}`,
    phone: mobile(),
    notes: pick(SITE_NOTES),
  });
const zestienhoven = site('R0002', 'R0002-01', 'Nieuwbouw 48 woningen Park Zestienhoven', 'rotterdam', 'Melanchtonweg');
site('R0002', 'R0002-01', 'Bouwkeetterrein Zestienhoven', 'rotterdam', 'Melanchtonweg', 'ACTIEF', zestienhoven);
site('R0002', 'R0002-01', 'Renovatie flat Ommoord', 'rotterdam', 'Hesseplaats');
site('R0002', 'R0002-01', 'Kantoorpand Schiedam-Noord', 'schiedam', 'Nieuwe Damlaan');
site('R0002', 'R0002-01', 'Appartementen Spoorzone Delft', 'delft', 'Van Leeuwenhoekpark', 'GEPLAND');
site('R0002', 'R0002-01', 'Woonzorgcentrum Rokkeveen', 'zoetermeer', 'Van Stolklaan', 'OPGELEVERD');
const leidscheRijn = site('R0004', 'R0004-01', 'Leidsche Rijn blok 12', 'utrecht', 'Veldhuizerweg');
site('R0004', 'R0004-01', 'Leidsche Rijn blok 12 – fase 1', 'utrecht', 'Veldhuizerweg', 'OPGELEVERD', leidscheRijn);
site('R0004', 'R0004-01', 'Leidsche Rijn blok 12 – fase 2', 'utrecht', 'Veldhuizerweg', 'ACTIEF', leidscheRijn);
site('R0004', 'R0004-01', 'Scholencomplex Houten-Zuid', 'houten', 'Rondweg');
site('R0004', 'R0004-01', 'Transformatie kantoor De Hoef', 'amersfoort', 'De Brand');
site('R0004', 'R0004-01', 'Nieuwbouw sporthal De Groenling', 'veenendaal', 'Groeneveldselaan', 'GEPLAND');
site(
  'R0005',
  'R0005-01',
  'Reconstructie kruispunt Laan der Verenigde Naties',
  'dordrecht',
  'Laan der Verenigde Naties',
);
site('R0005', 'R0005-01', 'Damwandwerk Maashaven', 'rotterdam', 'Maashaven Oostzijde');
site('R0005', 'R0005-01', 'Rioolvervanging Breda-Centrum', 'breda', 'Haagweg');
const stratumseind = site('R0006', 'R0006-01', 'Herinrichting Stratumseind', 'eindhoven', 'Stratumseind');
site('R0006', 'R0006-01', 'Materiaaldepot Stratumseind', 'eindhoven', 'Stratumsedijk', 'ACTIEF', stratumseind);
site('R0006', 'R0006-01', 'Fietstunnel Helmond-Brandevoort', 'helmond', 'Brandevoortse Dreef');
site('R0006', 'R0006-01', 'Verbreding N279 Veghel', 'veghel', 'Corridor');
site('R0006', 'R0006-01', 'Bouwrijp maken Logistiek Park Moerdijk', 'moerdijk', 'Middenweg', 'GEPLAND');
site('R0010', 'R0010-01', 'Sloop kantoor Sloterdijk', 'amsterdam', 'Transformatorweg');
site('R0010', 'R0010-01', 'Asbestsanering Zaandam-Oost', 'zaandam', 'Pelsrobbenweg', 'OPGELEVERD');
site('R0013', 'R0013-01', 'Woningbouw Hart van Zuid', 'hengelo', 'Industriestraat');
site('R0013', 'R0013-01', 'Zorgcentrum Almelo-Noord', 'almelo', 'Ootmarsumsestraat');
site('R0013', 'R0013-01', 'Bedrijfshal Havengebied', 'enschede', 'Havenstraat');
site('R0014', 'R0014-01', 'Steigerwerk Zernike Campus', 'groningen', 'Nijenborgh');
site('R0014', 'R0014-01', 'Gevelrenovatie Oosterpoort', 'groningen', 'Trompsingel');
site('R0014', 'R0014-01', 'Restauratie kerk Zuidhorn', 'zuidhorn', 'Kerkstraat', 'TIJDELIJK');
site('R0012', 'R0012-01', 'Herinrichting Marktplein Leek', 'leek', 'Tolberterstraat');
site('R0012', 'R0012-01', 'Nieuwbouw brandweerkazerne Zuidhorn', 'zuidhorn', 'Hoofdstraat', 'GEPLAND');
site('R0019', 'R0019-01', 'Uitbreiding Ede-Oost', 'ede', 'Parkweg', 'OPGELEVERD');
site('R0020', 'R0020-01', 'Dakrenovatie Sterrenburg', 'dordrecht', 'Sterrenburgstraat');
site('R0024', 'R0024-01', 'Renovatie 120 woningen Moerwijk', 'denhaag', 'Zuiderpark');
site('R0024', 'R0024-01', 'Onderhoud portiekflats Escamp', 'denhaag', 'Leyweg');
site('R0021', 'R0021-01', 'Schilderwerk Paleiskwartier', 'denbosch', 'Magistratenlaan', 'OPGEHEVEN');
site('R0017', 'R0017-01', 'Aanleg park Schalkwijk', 'haarlem', 'Briljantlaan');
site('R0018', 'R0018-01', 'Verbouwing woonhuis Meijer', 'leiden', 'Rijnsburgerweg');
site('R0025', 'R0025-01', 'Aanbouw woning De Boer', 'amersfoort', 'Vathorst', 'GEPLAND');
site('R0003', 'R0003-01', 'Hoofdkantoor Van Dijk – verbouwing', 'rotterdam', 'Weena');
site('R0013', 'R0013-01', 'Tijdelijke huisvesting Twentepoort', 'almelo', 'Twentepoort West');
site('R0002', 'R0002-01', 'Parkeergarage Rotterdam-Alexander', 'rotterdam', 'Prins Alexanderlaan');
site('R0005', 'R0005-01', 'Kademuur Wolwevershaven', 'dordrecht', 'Wolwevershaven');
site('R0024', 'R0024-01', 'Nieuwbouw 60 huurwoningen Erasmusveld', 'denhaag', 'Erasmusweg', 'GEPLAND');

// Yards of customers and suppliers where equipment is collected, stored or repaired.
const yard = (
  owner: string,
  contact: string,
  descr: string,
  city: keyof typeof CITIES,
  street: string,
  rental = false,
) =>
  add({
    descr,
    type: 'KLANTTERREIN',
    group: 'KLANTTERREIN',
    owner,
    contact,
    status: 'ACTIEF',
    rental,
    where: place(city, street),
    phone: mobile(),
  });
yard('R0007', 'R0007-01', 'Opslagterrein Mertens Merksem', 'antwerpen', 'Bredabaan', true);
yard('R0009', 'R0009-01', 'Werkplaats Becker Hebetechnik', 'dusseldorf', 'Heerdter Landstraße');
yard('R0016', 'R0016-01', 'Terrein Steigerhandel Bos', 'tilburg', 'Kraaivenstraat');
yard('R0012', 'R0012-01', 'Gemeentewerf Westerkwartier', 'zuidhorn', 'Energieweg', true);
yard('R0017', 'R0017-01', 'Bedrijfsterrein Kramer', 'haarlem', 'Waarderweg', true);
yard('R0023', 'R0023-01', 'Uitgiftepunt Technische Unie Amstelveen', 'amstelveen', 'Bouwerij');
yard('R0002', 'R0002-01', 'Materieelwerf De Graaf', 'rotterdam', 'Spaanse Polder', true);
yard('R0003', 'R0003-01', 'Centrale werf Van Dijk', 'nieuwegein', 'Ravenswade', true);
yard('R0014', 'R0014-01', 'Steigerwerf Groningen-Zuid', 'groningen', 'Peizerweg', true);
yard('R0010', 'R0010-01', 'Containeropslag Kaya Noord', 'amsterdam', 'Papaverweg', true);

// Event grounds: fencing, power and cabins for a season, closed between editions.
const eventGround = (
  owner: string,
  contact: string,
  descr: string,
  city: keyof typeof CITIES,
  street: string,
  status = 'ACTIEF',
) =>
  add({
    descr,
    type: 'EVENEMENT',
    group: 'EVENEMENT',
    owner,
    contact,
    status,
    rental: true,
    where: place(city, street),
    phone: mobile(),
  });
eventGround('R0011', 'R0011-01', 'Evenemententerrein Park de Wezenlanden', 'zwolle', 'Wezenlanden');
eventGround('R0011', 'R0011-01', 'Hanzefeesten Kampen', 'kampen', 'IJsselkade', 'TIJDELIJK');
eventGround('R0022', 'R0022-01', 'Festivalterrein Geusselt', 'maastricht', 'Geusseltpark');
eventGround('R0022', 'R0022-01', 'Zomerfestival Roermond', 'roermond', 'Hertenpark', 'TIJDELIJK');
eventGround('R0008', 'R0008-01', 'Gentse Feesten – Sint-Baafsplein', 'gent', 'Sint-Baafsplein');
eventGround('R0015', 'R0015-01', 'Beursterrein Londen Docklands', 'london', 'Royal Victoria Dock', 'GEPLAND');
eventGround('R0012', 'R0012-01', 'Dorpsfeest Leek – feestweide', 'leek', 'Nienoordsingel');

if (specs.length !== 80)
  throw new Error(`the demo has ${specs.length} locations; LOC-001 … LOC-080 are promised to the other areas`);

const code = (n: number) => `LOC-${pad(n, 3)}`;
const locations: Row[] = specs.map((s, i) => {
  const row: Row = {
    ID: code(i + 1),
    Descr: s.descr,
    LocationType: s.type,
    LocationGroup: s.group,
    Status: s.status ?? 'ACTIEF',
    Owner: s.owner,
    ...s.where,
    IsRental: s.rental === true,
  };
  if (s.contact) row.ContactPerson = s.contact;
  if (s.parent) row.ParentLocation = code(s.parent);
  if (s.descr2) row.Descr2 = s.descr2;
  if (s.phone) row.Phone = s.phone;
  if (s.email) row.Email = s.email;
  if (s.notes) row.Notes = s.notes;
  if (s.rental) row.RentalFrom = dateBetween('2025-01-06', '2026-06-30');
  return row;
});

// ---------------------------------------------------------------------------------------------
// Warehouses on three depots, with their pick zones.

const warehouses: Row[] = [
  {
    ID: 'MAG-01',
    Descr: 'Magazijn Utrecht',
    Location: code(utrecht),
    Administration: 'HOOFD',
    IsDefault: true,
    AllowNegativeStock: false,
  },
  {
    ID: 'MAG-02',
    Descr: 'Magazijn Rotterdam',
    Location: code(rotterdam),
    Administration: 'HOOFD',
    IsDefault: false,
    AllowNegativeStock: true,
  },
  {
    ID: 'MAG-03',
    Descr: 'Magazijn Noord',
    Location: code(groningen),
    Administration: 'HOOFD',
    IsDefault: false,
    AllowNegativeStock: false,
  },
].map((w) => {
  const at = locations.find((l) => l.ID === w.Location)!;
  return {
    ...w,
    Street: at.Street,
    HouseNumber: at.HouseNumber,
    PostalCode: at.PostalCode,
    City: at.City,
    Country: at.Country,
  };
});

const zones: Record<string, string[]> = {
  'MAG-01': [
    'Steigermateriaal',
    'Bouwhekken en afzetting',
    'Aggregaten en verlichting',
    'Klein gereedschap',
    'Verbruiksartikelen',
  ],
  'MAG-02': ['Containers en keten', 'Pompen en aggregaten', 'Hoogwerkers en accessoires', 'Klein gereedschap'],
  'MAG-03': ['Steigermateriaal', 'Bouwhekken en afzetting', 'Klein gereedschap'],
};
// Pick zone codes are unique across warehouses too: a seed finds its rows again by code.
const pickzones: Row[] = Object.entries(zones).flatMap(([warehouse, names]) =>
  names.map((Descr, i) => ({
    Warehouse: warehouse,
    ID: `PZ-${warehouse.slice(4)}-${String.fromCharCode(65 + i)}`,
    Descr,
    SortOrder: (i + 1) * 10,
  })),
);

// ---------------------------------------------------------------------------------------------
// "Magazijn Noord": its members read locations, their status logs and objects, each only at the
// locations they are linked to (userlocations) and every location below those. The pack seeds
// the group and its limits, not a member: the first start creates the administrator only while
// no user exists (server/security/bootstrap.ts), so a seeded user would leave the installation
// without one. An administrator adds the warehouse staff and links their locations.
// A seed finds its rows again by its key alone, so each grant names another right.

const NOORD = 'MAGNOORD';
const securitygroups: Row[] = [{ ID: NOORD, Descr: 'Magazijn Noord', FullAccess: false }];
const securitygrants: Row[] = ['7.1', '7.3', '6.1'].map((RightCode) => ({
  SecurityGroup: NOORD,
  RightCode,
  Action: 'read',
  Grant: true,
}));
const linked = 'userlocations.User:Location';
const tree = 'locations.ParentLocation';
const rowlimits: Row[] = [
  { SecurityGroup: NOORD, TableName: 'locations', FieldName: 'AutoID', Kind: 'tree', Path: linked, Tree: tree },
  {
    SecurityGroup: NOORD,
    TableName: 'locationstatuslogs',
    FieldName: 'Location',
    Kind: 'tree',
    Path: linked,
    Tree: tree,
  },
  { SecurityGroup: NOORD, TableName: 'objects', FieldName: 'Location', Kind: 'tree', Path: linked, Tree: tree },
];

writeSeed('locationstatuses', 'ID', statuses);
writeSeed('locationgroups', 'ID', groups);
writeSeed('locationidgenerators', 'ID', generators);
writeSeed('locationtypes', 'ID', types);
writeSeed('locations', 'ID', locations);
writeSeed('warehouses', 'ID', warehouses);
writeSeed('pickzones', 'ID', pickzones);
writeSeed('securitygroups', 'ID', securitygroups);
writeSeed('securitygrants', 'RightCode', securitygrants);
writeSeed('rowlimits', 'TableName', rowlimits);
