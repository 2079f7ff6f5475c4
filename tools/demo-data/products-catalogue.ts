// The demo rental business's assortment, as data for tools/demo-data/products.ts: 150 rental
// products (construction machines, access platforms, scaffolding, site fencing, units, power,
// pumps, small equipment, trailers) and 150 sale products (charges for returned equipment,
// fuel, safety gear, consumables, tools, services, gift vouchers). Product codes follow the
// order of these lists: ART-0001… for rental, ART-0151… for sale.

/** How a returned rental product is charged for: the charge products of its size. */
export type ChargeSize = 'small' | 'machine';

export interface RentalItem {
  descr: string;
  group: string;
  category: string;
  /** Brand type code (brandtypes.ID); its brand comes with it. */
  type?: string;
  stock: 'unique' | 'bulk';
  unit: string;
  /** Price of the first rental day, in euros. */
  day: number;
  /** Has an hour or kilometre meter: rates carry a meter reading unit rate. */
  meter?: boolean;
  kg: number;
  purchase: number;
  charge: ChargeSize;
}

export interface SaleItem {
  descr: string;
  group: string;
  category: string;
  type?: string;
  unit: string;
  /** Sale price in euros; absent: price on request. */
  price?: number;
  purchase?: number;
  /** Sold from stock (bulk) or a service without stock. */
  stock?: 'bulk';
  storeCredit?: number;
}

export const BRANDS: [id: string, descr: string, kind: 'object' | 'article'][] = [
  ['KUBOTA', 'Kubota', 'object'], ['CAT', 'Caterpillar', 'object'], ['JCB', 'JCB', 'object'],
  ['WACKER', 'Wacker Neuson', 'object'], ['BOMAG', 'Bomag', 'object'], ['GENIE', 'Genie', 'object'],
  ['JLG', 'JLG', 'object'], ['MANITOU', 'Manitou', 'object'], ['ALTREX', 'Altrex', 'object'],
  ['LAYHER', 'Layher', 'object'], ['HERAS', 'Heras', 'object'], ['CONTAINEX', 'Containex', 'object'],
  ['ATLASCOPCO', 'Atlas Copco', 'object'], ['HONDA', 'Honda', 'object'], ['TSURUMI', 'Tsurumi', 'object'],
  ['HILTI', 'Hilti', 'object'], ['STIHL', 'Stihl', 'object'], ['HUMBAUR', 'Humbaur', 'object'],
  ['KARCHER', 'Kärcher', 'object'], ['3M', '3M', 'article'],
];

/** Brand types (model series) with their brand. */
export const BRAND_TYPES: [id: string, brand: string, descr: string][] = [
  ['KUB-U10', 'KUBOTA', 'U10-5'], ['KUB-KX016', 'KUBOTA', 'KX016-4'], ['KUB-KX019', 'KUBOTA', 'KX019-4'],
  ['KUB-U27', 'KUBOTA', 'U27-4'], ['KUB-R070', 'KUBOTA', 'R070'],
  ['CAT-303', 'CAT', '303.5 CR'], ['CAT-305', 'CAT', '305.5E2 CR'], ['CAT-308', 'CAT', '308 CR'],
  ['CAT-M314', 'CAT', 'M314'], ['CAT-320', 'CAT', '320'],
  ['JCB-19C', 'JCB', '19C-1E'], ['JCB-3CX', 'JCB', '3CX Compact'],
  ['WN-BS50', 'WACKER', 'BS50-2'], ['WN-BS60', 'WACKER', 'BS60-4s'], ['WN-VP1550', 'WACKER', 'VP1550'],
  ['WN-VP2050', 'WACKER', 'VP2050'], ['WN-DPU3060', 'WACKER', 'DPU3060'], ['WN-DPU6555', 'WACKER', 'DPU6555'],
  ['WN-DW15', 'WACKER', 'DW15'], ['WN-DW30', 'WACKER', 'DW30'], ['WN-DV60', 'WACKER', 'DV60'],
  ['WN-DT15', 'WACKER', 'DT15'], ['WN-WL20', 'WACKER', 'WL20'],
  ['BOM-BW55', 'BOMAG', 'BW 55 E'], ['BOM-BW90', 'BOMAG', 'BW 90 AD-5'], ['BOM-BW120', 'BOMAG', 'BW 120 AD-5'],
  ['BOM-BMP8500', 'BOMAG', 'BMP 8500'],
  ['GEN-GS1932', 'GENIE', 'GS-1932'], ['GEN-GS2632', 'GENIE', 'GS-2632'], ['GEN-GS3246', 'GENIE', 'GS-3246'],
  ['GEN-GS4047', 'GENIE', 'GS-4047'], ['GEN-GS3384', 'GENIE', 'GS-3384 RT'], ['GEN-GS4390', 'GENIE', 'GS-4390 RT'],
  ['GEN-TZ34', 'GENIE', 'TZ-34/20'], ['GEN-GR20', 'GENIE', 'GR-20'],
  ['JLG-E300', 'JLG', 'E300AJP'], ['JLG-450AJ', 'JLG', '450AJ'], ['JLG-600AJ', 'JLG', '600AJ'],
  ['JLG-660SJ', 'JLG', '660SJ'], ['JLG-860SJ', 'JLG', '860SJ'],
  ['MAN-MT625', 'MANITOU', 'MT 625 H'], ['MAN-MT1030', 'MANITOU', 'MT 1030'], ['MAN-MT1440', 'MANITOU', 'MT 1440'],
  ['MAN-MRT1840', 'MANITOU', 'MRT 1840'],
  ['ALT-RS42', 'ALTREX', 'RS Tower 42'], ['ALT-RS52', 'ALTREX', 'RS Tower 52'], ['ALT-MITOWER', 'ALTREX', 'Mi-Tower'],
  ['ALT-ALLROUND', 'ALTREX', 'AllRound ladders'],
  ['LAY-ALLROUND', 'LAYHER', 'Allround'], ['LAY-BLITZ', 'LAYHER', 'Blitz'],
  ['HER-MOBIEL', 'HERAS', 'Mobiel hekwerk'], ['HER-DRANG', 'HERAS', 'Dranghekken'],
  ['CTX-BM', 'CONTAINEX', 'Kantoorunit BM'], ['CTX-SAN', 'CONTAINEX', 'Sanitairunit'], ['CTX-LAGER', 'CONTAINEX', 'Opslagcontainer'],
  ['ATC-QAS', 'ATLASCOPCO', 'QAS'], ['ATC-XAS', 'ATLASCOPCO', 'XAS'], ['ATC-HILIGHT', 'ATLASCOPCO', 'HiLight'],
  ['HON-EU', 'HONDA', 'EU-serie'], ['HON-WT', 'HONDA', 'WT-serie'],
  ['TSU-HS', 'TSURUMI', 'HS'], ['TSU-KTZ', 'TSURUMI', 'KTZ'],
  ['HIL-TE', 'HILTI', 'TE'], ['HIL-DD', 'HILTI', 'DD'],
  ['STI-TS', 'STIHL', 'TS 420'], ['STI-BG', 'STIHL', 'BG 86'], ['STI-HS', 'STIHL', 'HS 82'],
  ['HUM-HA', 'HUMBAUR', 'HA'], ['HUM-HTK', 'HUMBAUR', 'HTK'],
  ['KAR-HD', 'KARCHER', 'HD'],
  ['3M-PELTOR', '3M', 'Peltor'], ['3M-AURA', '3M', 'Aura'], ['3M-SECUREFIT', '3M', 'SecureFit'],
];

/** Revisions of brand types; an archived one is no longer offered. */
export const BRAND_REVISIONS: [id: string, type: string, descr: string, archived?: boolean][] = [
  ['KUB-KX019-S3', 'KUB-KX019', 'Stage IIIA (2015)', true], ['KUB-KX019-S5', 'KUB-KX019', 'Stage V (2020)'],
  ['KUB-U27-S5', 'KUB-U27', 'Stage V (2020)'],
  ['CAT-308-NG', 'CAT-308', 'Next Generation (2019)'], ['CAT-320-NG', 'CAT-320', 'Next Generation (2018)'],
  ['WN-DPU6555-HEH', 'WN-DPU6555', 'Heh (2017)'], ['WN-BS60-4S', 'WN-BS60', '4-takt (2019)'],
  ['GEN-GS1932-STD', 'GEN-GS1932', 'Standaard (2018)'], ['GEN-GS1932-LI', 'GEN-GS1932', 'Lithium (2023)'],
  ['GEN-GS3246-2020', 'GEN-GS3246', 'Model 2020'],
  ['JLG-450AJ-II', 'JLG-450AJ', 'Serie II'], ['JLG-660SJ-2021', 'JLG-660SJ', 'Model 2021'],
  ['MAN-MT1440-EASY', 'MAN-MT1440', 'Easy'], ['MAN-MT1030-S5', 'MAN-MT1030', 'Stage V (2021)'],
  ['ATC-QAS-5', 'ATC-QAS', '5-serie (2022)'], ['ATC-XAS-G', 'ATC-XAS', 'G-serie'],
  ['ALT-RS52-2022', 'ALT-RS52', 'Model 2022'],
];

const machine = (descr: string, group: string, type: string | undefined, day: number, kg: number, purchase: number, meter = true): RentalItem =>
  ({ descr, group, category: 'MACHINES', type, stock: 'unique', unit: 'ST', day, meter, kg, purchase, charge: 'machine' });
const equipment = (descr: string, group: string, type: string | undefined, day: number, kg: number, purchase: number): RentalItem =>
  ({ descr, group, category: 'MATERIEEL', type, stock: 'unique', unit: 'ST', day, kg, purchase, charge: 'small' });
const part = (descr: string, group: string, type: string | undefined, day: number, kg: number, purchase: number, unit = 'ST'): RentalItem =>
  ({ descr, group, category: 'TOEBEHOREN', type, stock: 'bulk', unit, day, kg, purchase, charge: 'small' });
const unitItem = (descr: string, type: string | undefined, day: number, kg: number, purchase: number): RentalItem =>
  ({ descr, group: 'UNITS', category: 'UNITS', type, stock: 'unique', unit: 'ST', day, kg, purchase, charge: 'machine' });

export const RENTAL: RentalItem[] = [
  // Earth moving (ART-0001…0026)
  machine('Minigraver 1,0 t', 'GRONDVERZET', 'KUB-U10', 95, 1050, 21500),
  machine('Minigraver 1,7 t', 'GRONDVERZET', 'KUB-KX016', 115, 1650, 27500),
  machine('Minigraver 1,9 t', 'GRONDVERZET', 'KUB-KX019', 125, 1900, 31000),
  machine('Minigraver 2,7 t', 'GRONDVERZET', 'KUB-U27', 145, 2700, 38500),
  machine('Minigraver 3,5 t', 'GRONDVERZET', 'CAT-303', 165, 3600, 47000),
  machine('Midigraver 5,5 t', 'GRONDVERZET', 'CAT-305', 195, 5500, 62000),
  machine('Midigraver 8 t', 'GRONDVERZET', 'CAT-308', 245, 8200, 89000),
  machine('Mobiele kraan 14 t', 'GRONDVERZET', 'CAT-M314', 395, 14500, 168000),
  machine('Rupskraan 21 t', 'GRONDVERZET', 'CAT-320', 465, 21500, 215000),
  machine('Compacte wiellader 1,0 m³', 'GRONDVERZET', 'KUB-R070', 185, 4300, 56000),
  machine('Knikmops schranklader', 'GRONDVERZET', 'WN-WL20', 135, 2000, 29500),
  machine('Dumper 1,5 t', 'GRONDVERZET', 'WN-DW15', 95, 1400, 19500),
  machine('Dumper 3 t', 'GRONDVERZET', 'WN-DW30', 125, 2300, 31000),
  machine('Dumper 6 t', 'GRONDVERZET', 'WN-DV60', 175, 4100, 52000),
  machine('Rupsdumper 1,5 t', 'GRONDVERZET', 'WN-DT15', 115, 1500, 24500),
  machine('Minigraver 1,9 t elektrisch', 'GRONDVERZET', 'JCB-19C', 155, 2000, 52000),
  machine('Graaflaadcombinatie', 'GRONDVERZET', 'JCB-3CX', 275, 7000, 98000),
  part('Dieplepelbak 300 mm', 'GRONDVERZET', undefined, 12, 45, 650),
  part('Dieplepelbak 400 mm', 'GRONDVERZET', undefined, 12, 52, 720),
  part('Dieplepelbak 600 mm', 'GRONDVERZET', undefined, 15, 68, 840),
  part('Slotenbak 1000 mm', 'GRONDVERZET', undefined, 15, 75, 890),
  part('Slotenbak 1500 mm kantelbaar', 'GRONDVERZET', undefined, 35, 190, 3400),
  part('Sorteergrijper minigraver', 'GRONDVERZET', undefined, 55, 210, 6200),
  equipment('Sloophamer minigraver 100 kg', 'GRONDVERZET', undefined, 65, 100, 5400),
  equipment('Sloophamer midigraver 300 kg', 'GRONDVERZET', undefined, 95, 310, 9800),
  part('Snelwissel minigraver', 'GRONDVERZET', undefined, 18, 35, 1450),
  // Compaction (ART-0027…0036)
  equipment('Trilstamper 60 kg', 'VERDICHTING', 'WN-BS50', 45, 59, 3100),
  equipment('Trilstamper 70 kg', 'VERDICHTING', 'WN-BS60', 49, 68, 3650),
  equipment('Trilplaat 90 kg', 'VERDICHTING', 'WN-VP1550', 39, 88, 1950),
  equipment('Trilplaat 160 kg', 'VERDICHTING', 'WN-VP2050', 55, 105, 2900),
  equipment('Trilplaat omkeerbaar 300 kg', 'VERDICHTING', 'WN-DPU3060', 85, 290, 7800),
  equipment('Trilplaat omkeerbaar 500 kg', 'VERDICHTING', 'WN-DPU6555', 115, 498, 12500),
  machine('Tandemwals 1,5 t', 'VERDICHTING', 'BOM-BW90', 145, 1550, 26500),
  machine('Tandemwals 2,5 t', 'VERDICHTING', 'BOM-BW120', 175, 2550, 34500),
  machine('Sleufwals', 'VERDICHTING', 'BOM-BMP8500', 195, 1530, 42000),
  equipment('Handgeleide trilwals', 'VERDICHTING', 'BOM-BW55', 65, 230, 5200),
  // Access platforms and telehandlers (ART-0037…0057)
  machine('Schaarhoogwerker 8 m elektrisch', 'HOOGWERKERS', 'GEN-GS1932', 85, 1200, 14500),
  machine('Schaarhoogwerker 10 m elektrisch', 'HOOGWERKERS', 'GEN-GS2632', 95, 1900, 18500),
  machine('Schaarhoogwerker 12 m elektrisch', 'HOOGWERKERS', 'GEN-GS3246', 115, 2700, 24500),
  machine('Schaarhoogwerker 14 m elektrisch', 'HOOGWERKERS', 'GEN-GS4047', 135, 3400, 31000),
  machine('Schaarhoogwerker 12 m diesel 4x4', 'HOOGWERKERS', 'GEN-GS3384', 165, 3600, 46000),
  machine('Schaarhoogwerker 15 m diesel 4x4', 'HOOGWERKERS', 'GEN-GS4390', 195, 4300, 58000),
  machine('Knikarmhoogwerker 12 m elektrisch', 'HOOGWERKERS', 'JLG-E300', 175, 3300, 52000),
  machine('Knikarmhoogwerker 16 m diesel', 'HOOGWERKERS', 'JLG-450AJ', 215, 6800, 78000),
  machine('Knikarmhoogwerker 20 m diesel', 'HOOGWERKERS', 'JLG-600AJ', 265, 9300, 96000),
  machine('Telescoophoogwerker 22 m', 'HOOGWERKERS', 'JLG-660SJ', 295, 11200, 118000),
  machine('Telescoophoogwerker 28 m', 'HOOGWERKERS', 'JLG-860SJ', 365, 16000, 152000),
  machine('Aanhangerhoogwerker 12 m', 'HOOGWERKERS', 'GEN-TZ34', 125, 1650, 36000, false),
  machine('Personenlift mast 8 m', 'HOOGWERKERS', 'GEN-GR20', 75, 1000, 16500),
  machine('Verreiker 6 m', 'HOOGWERKERS', 'MAN-MT625', 165, 5000, 61000),
  machine('Verreiker 10 m', 'HOOGWERKERS', 'MAN-MT1030', 215, 8300, 89000),
  machine('Verreiker 14 m', 'HOOGWERKERS', 'MAN-MT1440', 255, 10800, 112000),
  machine('Verreiker roterend 18 m', 'HOOGWERKERS', 'MAN-MRT1840', 395, 15600, 196000),
  part('Werkbak verreiker 2 personen', 'HOOGWERKERS', undefined, 45, 240, 4800),
  part('Vorkenbord verreiker', 'HOOGWERKERS', undefined, 15, 180, 1900),
  part('Kraanhaak verreiker 2,5 t', 'HOOGWERKERS', undefined, 25, 150, 2400),
  equipment('Ladderlift 200 kg', 'HOOGWERKERS', undefined, 95, 280, 6900),
  // Scaffolding and ladders (ART-0058…0086)
  equipment('Rolsteiger 0,75 x 2,45 m werkhoogte 4,2 m', 'STEIGERS', 'ALT-RS42', 32, 110, 1450),
  equipment('Rolsteiger 0,75 x 2,45 m werkhoogte 6,2 m', 'STEIGERS', 'ALT-RS42', 39, 145, 1850),
  equipment('Rolsteiger 0,75 x 2,45 m werkhoogte 8,2 m', 'STEIGERS', 'ALT-RS42', 47, 180, 2300),
  equipment('Rolsteiger 1,35 x 2,45 m werkhoogte 6,2 m', 'STEIGERS', 'ALT-RS52', 45, 170, 2250),
  equipment('Rolsteiger 1,35 x 2,45 m werkhoogte 8,2 m', 'STEIGERS', 'ALT-RS52', 55, 215, 2800),
  equipment('Rolsteiger 1,35 x 2,45 m werkhoogte 10,2 m', 'STEIGERS', 'ALT-RS52', 65, 260, 3400),
  equipment('Rolsteiger 1,35 x 2,45 m werkhoogte 12,2 m', 'STEIGERS', 'ALT-RS52', 75, 305, 3950),
  equipment('Vouwsteiger 0,75 x 1,80 m', 'STEIGERS', 'ALT-MITOWER', 25, 60, 950),
  part('Steigerstaander 2,00 m', 'STEIGERS', 'LAY-ALLROUND', 0.25, 10.4, 38),
  part('Steigerstaander 3,00 m', 'STEIGERS', 'LAY-ALLROUND', 0.3, 15.2, 52),
  part('Steigerligger 2,57 m', 'STEIGERS', 'LAY-ALLROUND', 0.2, 9.3, 31),
  part('Steigerligger 3,07 m', 'STEIGERS', 'LAY-ALLROUND', 0.22, 11, 35),
  part('Dwarsligger 0,73 m', 'STEIGERS', 'LAY-ALLROUND', 0.12, 3.2, 14),
  part('Steigervloer staal 2,57 m', 'STEIGERS', 'LAY-ALLROUND', 0.35, 18.4, 69),
  part('Steigervloer staal 3,07 m', 'STEIGERS', 'LAY-ALLROUND', 0.4, 21.7, 79),
  part('Luikvloer met ladder 2,57 m', 'STEIGERS', 'LAY-ALLROUND', 1.5, 25, 295),
  part('Diagonaal 2,57 m', 'STEIGERS', 'LAY-ALLROUND', 0.15, 7.5, 29),
  part('Voetspindel 0,60 m', 'STEIGERS', 'LAY-ALLROUND', 0.1, 3.6, 16),
  part('Kantplank 2,57 m', 'STEIGERS', 'LAY-ALLROUND', 0.1, 4.8, 18),
  part('Leuningframe 2,57 m', 'STEIGERS', 'LAY-BLITZ', 0.25, 11.3, 42),
  part('Muuranker 0,80 m', 'STEIGERS', 'LAY-ALLROUND', 0.08, 2.6, 9),
  part('Steigerset gevel 2,57 x 6 m', 'STEIGERS', 'LAY-ALLROUND', 45, 1150, 4300, 'SET'),
  part('Steigerset gevel 2,57 x 10 m', 'STEIGERS', 'LAY-ALLROUND', 72, 1900, 7200, 'SET'),
  part('Steigerset gevel 3,07 x 6 m', 'STEIGERS', 'LAY-ALLROUND', 49, 1290, 4800, 'SET'),
  part('Steigertrap compleet 2,57 m', 'STEIGERS', 'LAY-ALLROUND', 9, 95, 1150),
  part('Stempel 1,7 - 3,0 m', 'STEIGERS', undefined, 0.4, 14, 24),
  part('Stempel 2,2 - 4,0 m', 'STEIGERS', undefined, 0.5, 18, 31),
  equipment('Trapladder 2 x 8 sporten', 'STEIGERS', 'ALT-ALLROUND', 12, 14, 320),
  equipment('Reformladder 4 x 6 sporten', 'STEIGERS', 'ALT-ALLROUND', 15, 19, 410),
  // Site fencing and traffic (ART-0087…0099)
  part('Bouwhek 3,50 x 2,00 m', 'AFZETTING', 'HER-MOBIEL', 0.45, 17, 39),
  part('Bouwhekvoet beton', 'AFZETTING', 'HER-MOBIEL', 0.15, 33, 11),
  part('Bouwhekklem', 'AFZETTING', 'HER-MOBIEL', 0.05, 0.6, 3),
  part('Bouwhekschoor', 'AFZETTING', 'HER-MOBIEL', 0.2, 4.2, 14),
  part('Bouwhekpoort 3,50 m', 'AFZETTING', 'HER-MOBIEL', 2.5, 29, 185),
  part('Bouwhekset 35 m', 'AFZETTING', 'HER-MOBIEL', 9.5, 560, 720, 'SET'),
  part('Bouwhekset 70 m', 'AFZETTING', 'HER-MOBIEL', 19.5, 1150, 1490, 'SET'),
  part('Dranghek 2,50 m', 'AFZETTING', 'HER-DRANG', 0.9, 16, 45),
  part('Afzethek kunststof 2,00 m', 'AFZETTING', undefined, 1.2, 9, 59),
  equipment('Afzetbord met knipperlicht', 'AFZETTING', undefined, 6.5, 25, 210),
  machine('Mobiele verkeerslichtinstallatie', 'AFZETTING', undefined, 85, 380, 14500, false),
  part('Rijplaat staal 1,50 x 3,00 m', 'AFZETTING', undefined, 6, 530, 690),
  part('Rijplaat kunststof 2,40 x 1,20 m', 'AFZETTING', undefined, 4.5, 42, 420),
  // Units and containers (ART-0100…0112)
  unitItem('Kantoorunit 6 m', 'CTX-BM', 28, 2400, 9800),
  unitItem('Kantoorunit 3 m', 'CTX-BM', 19, 1500, 6400),
  unitItem('Schaftkeet 6 m', 'CTX-BM', 29, 2500, 10200),
  unitItem('Sanitairunit 3 m met douche', 'CTX-SAN', 35, 1600, 12500),
  unitItem('Toiletunit standaard', 'CTX-SAN', 22, 900, 7400),
  unitItem('Toiletcabine bouwplaats', undefined, 6.5, 85, 690),
  unitItem('Opslagcontainer 10 ft', 'CTX-LAGER', 6, 1300, 2950),
  unitItem('Opslagcontainer 20 ft', 'CTX-LAGER', 8, 2250, 3900),
  unitItem('Magazijncontainer 20 ft met stellingen', 'CTX-LAGER', 11, 2500, 5400),
  unitItem('Afvalcontainer 6 m³', undefined, 9, 850, 2100),
  unitItem('Afvalcontainer 10 m³', undefined, 11, 1150, 2600),
  unitItem('Afvalcontainer 20 m³', undefined, 14, 1900, 3600),
  unitItem('Unitcombinatie kantoor en schaft', 'CTX-BM', 85, 5800, 27400),
  // Power, light and compressed air (ART-0113…0126)
  machine('Aggregaat 2,2 kVA stil', 'ENERGIE', 'HON-EU', 35, 21, 1650),
  machine('Aggregaat 7 kVA stil', 'ENERGIE', 'HON-EU', 65, 118, 4700),
  machine('Aggregaat 20 kVA', 'ENERGIE', 'ATC-QAS', 95, 980, 16500),
  machine('Aggregaat 40 kVA', 'ENERGIE', 'ATC-QAS', 135, 1350, 23500),
  machine('Aggregaat 100 kVA', 'ENERGIE', 'ATC-QAS', 245, 2450, 41000),
  equipment('Bouwstroomkast 63 A', 'ENERGIE', undefined, 18, 65, 1850),
  equipment('Verdeelkast 32 A', 'ENERGIE', undefined, 9, 18, 690),
  part('Kabelhaspel 25 m 230 V', 'ENERGIE', undefined, 3.5, 7.5, 95),
  part('Verlengkabel 25 m 400 V 32 A', 'ENERGIE', undefined, 6, 14, 210),
  machine('Verlichtingsmast LED', 'ENERGIE', 'ATC-HILIGHT', 55, 950, 14800),
  part('Bouwlamp LED op statief', 'ENERGIE', undefined, 5.5, 6, 145),
  machine('Compressor 2,5 m³', 'ENERGIE', 'ATC-XAS', 75, 750, 13500),
  machine('Compressor 5 m³', 'ENERGIE', 'ATC-XAS', 115, 1450, 24500),
  part('Aggregaatset evenement 40 kVA', 'ENERGIE', 'ATC-QAS', 165, 1480, 26800, 'SET'),
  // Pumps (ART-0127…0130)
  equipment('Dompelpomp 400 l/min', 'POMPEN', 'TSU-HS', 25, 11, 650),
  equipment('Dompelpomp 1000 l/min', 'POMPEN', 'TSU-KTZ', 45, 38, 2100),
  equipment('Vuilwaterpomp 3 inch', 'POMPEN', 'HON-WT', 39, 61, 1450),
  machine('Bronbemalingspomp', 'POMPEN', undefined, 85, 650, 16000),
  // Small equipment (ART-0131…0145)
  equipment('Breekhamer 10 kg', 'KLEINMATERIEEL', 'HIL-TE', 32, 12, 1450),
  equipment('Breekhamer 30 kg', 'KLEINMATERIEEL', 'HIL-TE', 45, 30, 2650),
  equipment('Combihamer SDS-max', 'KLEINMATERIEEL', 'HIL-TE', 25, 8, 990),
  equipment('Kernboormachine', 'KLEINMATERIEEL', 'HIL-DD', 55, 24, 4300),
  equipment('Betonmolen 140 l', 'KLEINMATERIEEL', undefined, 19, 62, 520),
  equipment('Doorslijpmachine 350 mm', 'KLEINMATERIEEL', 'STI-TS', 29, 10, 1150),
  equipment('Tegelzaagmachine 1200 mm', 'KLEINMATERIEEL', undefined, 39, 95, 1850),
  equipment('Steenknipper 330 mm', 'KLEINMATERIEEL', undefined, 22, 45, 640),
  equipment('Bouwdroger', 'KLEINMATERIEEL', undefined, 25, 33, 1100),
  equipment('Heater 30 kW diesel', 'KLEINMATERIEEL', undefined, 35, 29, 1350),
  equipment('Bouwlaser roterend', 'KLEINMATERIEEL', undefined, 29, 5, 1750),
  equipment('Vloerschuurmachine', 'KLEINMATERIEEL', undefined, 45, 85, 2400),
  equipment('Hogedrukreiniger 200 bar', 'KLEINMATERIEEL', 'KAR-HD', 45, 34, 2100),
  equipment('Bladblazer', 'KLEINMATERIEEL', 'STI-BG', 15, 4.4, 360),
  equipment('Heggenschaar', 'KLEINMATERIEEL', 'STI-HS', 18, 5.1, 520),
  // Trailers and handling (ART-0146…0150)
  equipment('Aanhangwagen 750 kg', 'TRANSPORT', 'HUM-HA', 25, 190, 1250),
  equipment('Plateauwagen 2000 kg', 'TRANSPORT', 'HUM-HA', 45, 540, 3400),
  equipment('Machinetransporter 3500 kg', 'TRANSPORT', 'HUM-HTK', 75, 890, 6900),
  equipment('Kipper aanhangwagen 2700 kg', 'TRANSPORT', 'HUM-HTK', 65, 720, 5800),
  equipment('Palletwagen 2500 kg', 'TRANSPORT', undefined, 9, 75, 340),
];

const service = (descr: string, unit: string, price?: number): SaleItem => ({ descr, group: 'DIENSTEN', category: 'DIENSTEN', unit, price });
const goods = (descr: string, group: string, category: string, unit: string, price: number, type?: string): SaleItem =>
  ({ descr, group, category, type, unit, price, purchase: Math.round(price * 55) / 100, stock: 'bulk' });
const ppe = (descr: string, unit: string, price: number, type?: string) => goods(descr, 'PBM', 'VEILIGHEID', unit, price, type);
const consumable = (descr: string, group: string, unit: string, price: number) => goods(descr, group, 'VERBRUIK', unit, price);
const tool = (descr: string, unit: string, price: number) => goods(descr, 'GEREEDSCHAP', 'GEREEDSCHAP', unit, price);

export const SALE: SaleItem[] = [
  // Charges for returned rental equipment (ART-0151…0158): the rental products name them.
  service('Reinigingskosten klein materieel', 'ST', 25),
  service('Reinigingskosten machine', 'ST', 95),
  service('Reparatie door monteur', 'UUR', 72.5),
  service('Vermissing klein materieel', 'ST'),
  service('Vermissing machine', 'ST'),
  service('Onherstelbare schade klein materieel', 'ST'),
  service('Onherstelbare schade machine', 'ST'),
  service('Transport bezorgen en ophalen', 'ST', 85),
  // Fuel and oils (ART-0159…0164)
  consumable('Diesel', 'BRANDSTOF', 'L', 2.15),
  consumable('AdBlue', 'BRANDSTOF', 'L', 1.25),
  consumable('Motorolie 15W-40 5 l', 'BRANDSTOF', 'ST', 39.5),
  consumable('Hydrauliekolie HV46 20 l', 'BRANDSTOF', 'ST', 89),
  consumable('Kettingzaagolie 5 l', 'BRANDSTOF', 'ST', 24.95),
  consumable('Aspen 2-takt benzine 5 l', 'BRANDSTOF', 'ST', 32.5),
  // Personal protective equipment (ART-0165…0188)
  ppe('Veiligheidshelm wit', 'ST', 14.95, '3M-SECUREFIT'),
  ppe('Veiligheidshelm geel', 'ST', 14.95, '3M-SECUREFIT'),
  ppe('Veiligheidshelm blauw', 'ST', 14.95, '3M-SECUREFIT'),
  ppe('Veiligheidsvest geel maat M', 'ST', 6.5),
  ppe('Veiligheidsvest geel maat L', 'ST', 6.5),
  ppe('Veiligheidsvest geel maat XL', 'ST', 6.5),
  ppe('Werkhandschoenen maat 8', 'PAAR', 4.25),
  ppe('Werkhandschoenen maat 9', 'PAAR', 4.25),
  ppe('Werkhandschoenen maat 10', 'PAAR', 4.25),
  ppe('Werkhandschoenen maat 11', 'PAAR', 4.25),
  ppe('Gehoorkap', 'ST', 29.5, '3M-PELTOR'),
  ppe('Oordoppen doos 200 paar', 'DOOS', 39.95, '3M-PELTOR'),
  ppe('Stofmasker FFP2 doos 20 stuks', 'DOOS', 24.95, '3M-AURA'),
  ppe('Stofmasker FFP3 doos 10 stuks', 'DOOS', 29.95, '3M-AURA'),
  ppe('Veiligheidsbril helder', 'ST', 7.95, '3M-SECUREFIT'),
  ppe('Valbeveiligingsharnas', 'ST', 89),
  ppe('Vanglijn met schokdemper 2 m', 'ST', 64.5),
  ppe('Veiligheidsschoenen S3 maat 42', 'PAAR', 79.95),
  ppe('Veiligheidsschoenen S3 maat 43', 'PAAR', 79.95),
  ppe('Veiligheidsschoenen S3 maat 44', 'PAAR', 79.95),
  ppe('Veiligheidsschoenen S3 maat 45', 'PAAR', 79.95),
  ppe('Veiligheidsschoenen S3 maat 46', 'PAAR', 79.95),
  ppe('Regenpak bouw maat L', 'ST', 34.95),
  ppe('PBM-startpakket bouwplaats', 'SET', 39.95),
  // Saw blades, chisels and drills (ART-0189…0204)
  consumable('Diamantzaagblad beton 300 mm', 'ZAAGENBOOR', 'ST', 119),
  consumable('Diamantzaagblad beton 350 mm', 'ZAAGENBOOR', 'ST', 149),
  consumable('Diamantzaagblad asfalt 350 mm', 'ZAAGENBOOR', 'ST', 159),
  consumable('Diamantzaagblad beton 400 mm', 'ZAAGENBOOR', 'ST', 189),
  consumable('Diamantzaagblad tegels 200 mm', 'ZAAGENBOOR', 'ST', 69),
  consumable('Puntbeitel SDS-max 400 mm', 'ZAAGENBOOR', 'ST', 19.95),
  consumable('Puntbeitel SDS-max 600 mm', 'ZAAGENBOOR', 'ST', 27.5),
  consumable('Platte beitel SDS-max 400 mm', 'ZAAGENBOOR', 'ST', 22.5),
  consumable('Spadebeitel SDS-max 110 mm', 'ZAAGENBOOR', 'ST', 36.5),
  consumable('Betonboor SDS-plus 6 mm', 'ZAAGENBOOR', 'ST', 4.25),
  consumable('Betonboor SDS-plus 8 mm', 'ZAAGENBOOR', 'ST', 4.75),
  consumable('Betonboor SDS-plus 10 mm', 'ZAAGENBOOR', 'ST', 5.5),
  consumable('Betonboor SDS-plus 12 mm', 'ZAAGENBOOR', 'ST', 6.25),
  consumable('Diamantkernboor 82 mm', 'ZAAGENBOOR', 'ST', 189),
  consumable('Diamantkernboor 112 mm', 'ZAAGENBOOR', 'ST', 229),
  consumable('Diamantkernboor 152 mm', 'ZAAGENBOOR', 'ST', 279),
  // Fencing and marking supplies (ART-0205…0216)
  consumable('Afzetlint rood-wit 500 m', 'MARKERING', 'ROL', 9.95),
  consumable('Markeringsspray rood', 'MARKERING', 'ST', 6.95),
  consumable('Markeringsspray geel', 'MARKERING', 'ST', 6.95),
  consumable('Markeringsspray blauw', 'MARKERING', 'ST', 6.95),
  consumable('Markeringsspray wit', 'MARKERING', 'ST', 6.95),
  consumable('Markeringsspray groen', 'MARKERING', 'ST', 6.95),
  consumable('Verkeerskegel 50 cm', 'MARKERING', 'ST', 8.5),
  consumable('Verkeerskegel 75 cm', 'MARKERING', 'ST', 14.5),
  consumable('Bouwhekdoek groen 3,41 x 1,76 m', 'MARKERING', 'ST', 19.95),
  consumable('Bouwhekdoek zwart bedrukbaar', 'MARKERING', 'ST', 24.95),
  consumable('Waarschuwingslamp geel knipperend', 'MARKERING', 'ST', 17.5),
  consumable('Batterij waarschuwingslamp 6 V', 'MARKERING', 'ST', 6.25),
  // Lifting and fastening (ART-0217…0230)
  consumable('Spanband 5 m', 'BEVESTIGING', 'ST', 8.95),
  consumable('Spanband 10 m', 'BEVESTIGING', 'ST', 12.95),
  consumable('Spanband met ratel 50 mm 8 m', 'BEVESTIGING', 'ST', 19.95),
  consumable('Hijsband 1 t 2 m', 'BEVESTIGING', 'ST', 11.5),
  consumable('Hijsband 2 t 3 m', 'BEVESTIGING', 'ST', 17.5),
  consumable('Hijsband 3 t 4 m', 'BEVESTIGING', 'ST', 26.5),
  consumable('Hijsband 5 t 6 m', 'BEVESTIGING', 'ST', 49.5),
  consumable('Harpsluiting 1 t', 'BEVESTIGING', 'ST', 6.5),
  consumable('Harpsluiting 3,25 t', 'BEVESTIGING', 'ST', 12.5),
  consumable('Kabelbinders 300 mm zak 100', 'BEVESTIGING', 'ZAK', 5.95),
  consumable('Kabelbinders 500 mm zak 100', 'BEVESTIGING', 'ZAK', 9.95),
  consumable('Ducttape zilver 50 m', 'BEVESTIGING', 'ROL', 8.5),
  consumable('Grondpen 60 cm', 'BEVESTIGING', 'ST', 3.95),
  consumable('Grondpen 100 cm', 'BEVESTIGING', 'ST', 5.95),
  // Site consumables (ART-0231…0247)
  consumable('Bouwfolie transparant 4 x 25 m', 'BOUWVERBRUIK', 'ROL', 34.5),
  consumable('Bouwfolie zwart 4 x 25 m', 'BOUWVERBRUIK', 'ROL', 32.5),
  consumable('Zandzakken pak 100', 'BOUWVERBRUIK', 'PAK', 39),
  consumable('Afvalzakken 120 l rol 25', 'BOUWVERBRUIK', 'ROL', 7.95),
  consumable('Big bag 1 m³', 'BOUWVERBRUIK', 'ST', 9.5),
  consumable('Afdekzeil 4 x 6 m', 'BOUWVERBRUIK', 'ST', 19.95),
  consumable('Afdekzeil 6 x 8 m', 'BOUWVERBRUIK', 'ST', 34.95),
  consumable('Stucloper 1 x 50 m', 'BOUWVERBRUIK', 'ROL', 39.95),
  consumable('Vloerbeschermingsplaat 1,20 x 2,40 m', 'BOUWVERBRUIK', 'ST', 14.5),
  consumable('Afplaktape 50 mm', 'BOUWVERBRUIK', 'ROL', 4.95),
  consumable('Purschuim 750 ml', 'BOUWVERBRUIK', 'ST', 9.95),
  consumable('Montagekit transparant', 'BOUWVERBRUIK', 'ST', 7.95),
  consumable('Cement 25 kg', 'BOUWVERBRUIK', 'ZAK', 8.5),
  consumable('Snelbeton 25 kg', 'BOUWVERBRUIK', 'ZAK', 7.25),
  consumable('Metselzand big bag 1 m³', 'BOUWVERBRUIK', 'ST', 79),
  consumable('Propaan gasfles 10,5 kg', 'BOUWVERBRUIK', 'ST', 42.5),
  consumable('Propaan gasfles 33 kg', 'BOUWVERBRUIK', 'ST', 119),
  // Electrical supplies (ART-0248…0255)
  consumable('Stekkerdoos 4-voudig spatwaterdicht', 'ELEKTRA', 'ST', 24.95),
  consumable('CEE-stekker 16 A 5-polig', 'ELEKTRA', 'ST', 12.5),
  consumable('CEE-stekker 32 A 5-polig', 'ELEKTRA', 'ST', 16.5),
  consumable('CEE-koppeling 16 A 5-polig', 'ELEKTRA', 'ST', 14.5),
  consumable('Accu 12 V 74 Ah', 'ELEKTRA', 'ST', 129),
  consumable('Bouwlamp LED 20 W', 'ELEKTRA', 'ST', 34.95),
  consumable('Zaklamp LED oplaadbaar', 'ELEKTRA', 'ST', 24.95),
  consumable('Batterijen AA pak 24', 'ELEKTRA', 'PAK', 14.95),
  // Garden (ART-0256…0259)
  consumable('Graszaad sport en spel 5 kg', 'TUIN', 'ST', 44.5),
  consumable('Potgrond 40 l', 'TUIN', 'ZAK', 5.95),
  consumable('Worteldoek 1 x 25 m', 'TUIN', 'ROL', 22.5),
  consumable('Boomband 3 m', 'TUIN', 'ST', 3.25),
  // Hand tools (ART-0260…0288)
  tool('Schop met steel', 'ST', 24.95),
  tool('Bats', 'ST', 27.5),
  tool('Spade', 'ST', 29.95),
  tool('Hark', 'ST', 19.95),
  tool('Bezem bouwplaats', 'ST', 17.5),
  tool('Kruiwagen 100 l', 'ST', 79),
  tool('Bouwemmer 12 l', 'ST', 3.95),
  tool('Kuipemmer 90 l', 'ST', 14.95),
  tool('Troffel 180 mm', 'ST', 12.5),
  tool('Waterpas 60 cm', 'ST', 24.95),
  tool('Waterpas 120 cm', 'ST', 39.95),
  tool('Waterpas 200 cm', 'ST', 59.95),
  tool('Rolmaat 5 m', 'ST', 11.95),
  tool('Rolmaat 8 m', 'ST', 16.95),
  tool('Duimstok 2 m', 'ST', 9.95),
  tool('Timmermanspotlood doos 12', 'DOOS', 6.5),
  tool('Krijtlijnmolen 30 m', 'ST', 12.95),
  tool('Moker 1,25 kg', 'ST', 19.95),
  tool('Klauwhamer 450 g', 'ST', 17.5),
  tool('Koevoet 60 cm', 'ST', 14.95),
  tool('Koevoet 120 cm', 'ST', 27.5),
  tool('Boutensnijder 600 mm', 'ST', 39.95),
  tool('Handzaag 550 mm', 'ST', 19.95),
  tool('Afbreekmes 18 mm', 'ST', 6.95),
  tool('Afbreekmesjes 18 mm 10 stuks', 'PAK', 4.5),
  tool('Nijptang 250 mm', 'ST', 15.95),
  tool('Schroeven 5 x 50 mm doos 200', 'DOOS', 8.95),
  tool('Slagpluggen 8 mm doos 100', 'DOOS', 7.5),
  tool('Slotbouten M12 x 100 doos 25', 'DOOS', 18.5),
  // Services (ART-0289…0297)
  service('Instructie hoogwerker', 'UUR', 65),
  service('Keuring elektrisch gereedschap NEN 3140', 'ST', 12.5),
  service('Verwerking bouw- en sloopafval', 'M3'),
  service('Plaatsen bouwhekken', 'M', 3.5),
  service('Opbouw en afbouw steiger', 'M2'),
  service('Spoedlevering binnen 4 uur', 'ST', 95),
  service('Levering in het weekend', 'ST', 125),
  service('Huurschadeverzekering per dag', 'ST', 4.5),
  service('Machinist met machine', 'UUR', 62.5),
  // Gift vouchers (ART-0298…0300): paid as store credit.
  { descr: 'Cadeaubon 25 euro', group: 'DIENSTEN', category: 'DIENSTEN', unit: 'ST', price: 25, storeCredit: 25 },
  { descr: 'Cadeaubon 50 euro', group: 'DIENSTEN', category: 'DIENSTEN', unit: 'ST', price: 50, storeCredit: 50 },
  { descr: 'Cadeaubon 100 euro', group: 'DIENSTEN', category: 'DIENSTEN', unit: 'ST', price: 100, storeCredit: 100 },
];
