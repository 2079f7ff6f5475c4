// What a message says to a user names fields and tables by their labels and writes dates as the
// user's language does: every server message and every check's message of the shipped packs,
// rendered in all nine languages with sample arguments, shows no internal name and no ISO date.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, MESSAGES, layer, type MessageId } from '../../definitions/language/index.ts';
import { CalendarDate, Labelled, dateIn, shownArg } from '../../definitions/language/message-args.ts';
import { loadPacks } from '../../server/metadata/packs.ts';
import { messageIn, translatorFor } from '../../server/texts.ts';
import { errorBody } from '../../server/api/errors.ts';
import { AppError, invalidFields } from '../../server/errors.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const effective = layer(loadPacks(path.join(ROOT, 'definitions', 'packs'), ['base', 'demo']).layers);
const tables = [...effective.tables.values()];

/**
 * Names a user never reads: the system fields, every field name written as code (two capitals,
 * `ObjectType`, `DeliverDate`, `AutoID`) and every table name that is no word (`productwarehouses`).
 */
const INTERNAL = new Set<string>(['AutoID', 'TimeStamp', 'CreateDate', 'CreatedBy', 'ModifiedBy', 'ObjectTypeID']);
for (const t of tables) {
  if (t.name.length >= 12) INTERNAL.add(t.name);
  for (const f of t.fields) if (/^[A-Z][a-z]+[A-Z]/.test(f.name) && f.name !== (f.label ?? '')) INTERNAL.add(f.name);
}
const internalIn = (text: string) =>
  [...INTERNAL].filter((name) => new RegExp(`(^|[^A-Za-z0-9_])${name}([^A-Za-z0-9_]|$)`).test(text));
const isMessageId = (key: string): key is MessageId => Object.hasOwn(MESSAGES, key);
const ISO_DATE = /\b\d{4}-\d{2}-\d{2}\b/;

/** Sample arguments as the server gives them: a field (by name and label) and a date, in turn. */
const samples = (template: string) => {
  const count = Math.max(-1, ...[...template.matchAll(/\{(\d+)\}/g)].map((m) => Number(m[1]))) + 1;
  return Array.from({ length: count }, (_, i) =>
    i % 2 === 0 ? new Labelled('ObjectTypeID', 'Objecttype') : new CalendarDate('2026-12-05'),
  );
};

describe('messages name no internal field or table and write no ISO date', () => {
  it.each(LANGUAGES)('the server messages in %s', (language) => {
    const t = translatorFor(effective, language);
    const shown: string[] = [];
    for (const id of Object.keys(MESSAGES).filter(isMessageId)) {
      const args = samples(MESSAGES[id]).map((a) => shownArg(a, language, t));
      const text = messageIn(language, id, ...args);
      if (internalIn(text).length || ISO_DATE.test(text)) shown.push(`${id}: ${text}`);
    }
    expect(shown).toEqual([]);
  });

  it.each(LANGUAGES)("the packs' check messages in %s", (language) => {
    const t = translatorFor(effective, language);
    const shown: string[] = [];
    for (const table of tables)
      for (const check of table.checks ?? []) {
        const text = t(check.message).replace(/\{(\d+)\}/g, (_, i: string) =>
          shownArg(samples(check.message)[Number(i)], language, t),
        );
        if (internalIn(text).length || ISO_DATE.test(text)) shown.push(`${table.name}.${check.name}: ${text}`);
      }
    expect(shown).toEqual([]);
  });

  it('a date is written with its weekday as each language writes it', () => {
    expect(dateIn('nl', '2026-12-05')).toBe('zaterdag 5 december 2026');
    expect(dateIn('en', '2026-12-05')).toBe('Saturday, December 5, 2026');
    expect(dateIn('de', '2026-12-05')).toBe('Samstag, 5. Dezember 2026');
  });

  it('a refusal names the field by its label in ModelState and in Error, in the reader’s language', () => {
    const label = effective.tables.get('objects')?.fields.find((f) => f.name === 'ObjectType')?.label;
    expect(label).toBe('Objecttype');
    const err = invalidFields({
      ObjectType: [{ id: 'validation.required', args: [new Labelled('ObjectType', String(label))] }],
    });
    const labels = { field: () => undefined, table: () => undefined, text: translatorFor(effective, 'en') };
    const body = errorBody(err, 'en', labels);
    expect(body.ModelState).toEqual({ ObjectType: ['The field Object type is required.'] });
    expect(body.Error).not.toMatch(/ObjectType/);
    expect(body.Error).toContain('Object type');
    // A program still reads the field's name in the arguments.
    expect(body.TranslationModelState).toEqual({
      ModelState: { ObjectType: [{ Key: 'validation.required', Value: ['ObjectType'] }] },
    });
    const dutch = errorBody(
      new AppError('BAD_REQUEST', ['Levering op {0}.', new CalendarDate('2026-12-05')], {}, {}, 'validation.check'),
    );
    expect(dutch.Error).toBe('Levering op zaterdag 5 december 2026.');
  });
});
