// Fills a catalog's empty msgstr entries from a JSON map of msgid to translation, after
// `npm run extract`: npm run translate -- en tools/translations-en.json
import { readFileSync, writeFileSync } from 'node:fs';

const [locale, mapFile] = process.argv.slice(2);
if (!locale || !mapFile) throw new Error('usage: translate <locale> <map.json>');
const map: Record<string, string> = JSON.parse(readFileSync(mapFile, 'utf8'));
const file = `locales/${locale}/messages.po`;
const unquote = (s: string) => JSON.parse(s);
const text = readFileSync(file, 'utf8').replace(/msgid ("(?:[^"\\]|\\.)*")\nmsgstr ""/g, (whole, id: string) => {
  const translation = map[unquote(id)];
  return translation === undefined ? whole : `msgid ${id}\nmsgstr ${JSON.stringify(translation)}`;
});
writeFileSync(file, text);
