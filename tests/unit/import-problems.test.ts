// An import row's problems are kept as message keys with their arguments and field, as JSON, and
// said in the reader's language: a field by its translated label, a check's own text translated
// before its blanks are filled, a date as the reader's language writes it.
import { describe, expect, it } from 'vitest';
import { CalendarDate, labelled } from '../../definitions/language/message-args.ts';
import {
  problemOf,
  problemText,
  storeProblem,
  type Problem,
  type ProblemReader,
} from '../../server/imports/problems.ts';

const WORDS: Record<string, string> = {
  Land: 'Country',
  Prijs: 'Price',
  'Prijs moet positief zijn': 'Price must be positive',
};
const reader = (language: 'en' | 'nl'): ProblemReader => ({
  language,
  t: (s) => (language === 'en' ? (WORDS[s] ?? s) : s),
  fieldLabel: (name) => ({ Price: language === 'en' ? 'Price' : 'Prijs' })[name],
});
/** Through JSON, as the task keeps it. */
const kept = (p: Problem) => problemOf(JSON.parse(JSON.stringify(storeProblem(p))));

describe('an import problem', () => {
  it('keeps a label argument as a label through JSON, and says it in the reader’s language', () => {
    const p: Problem = {
      id: 'import.list_code',
      args: [labelled({ name: 'Country', label: 'Land' }), 'XX'],
      field: 'Country',
    };
    expect(problemText(kept(p), reader('en'))).toBe('Country: the code XX does not exist or cannot be chosen.');
    expect(problemText(kept(p), reader('nl'))).toBe('Land: de code XX bestaat niet of kan niet worden gekozen.');
  });

  it('names its field by the label when an argument is the field’s name (a save’s ModelState)', () => {
    const p: Problem = { id: 'validation.min', args: ['Price', 0], field: 'Price' };
    expect(problemText(kept(p), reader('nl'))).toBe('De waarde van Prijs moet minimaal 0 zijn.');
    expect(problemText(kept(p), reader('en'))).not.toMatch(/Prijs/);
  });

  it('translates a check’s own text before filling its blanks, and writes a date in the reader’s way', () => {
    expect(
      problemText(kept({ id: 'validation.check', args: ['Prijs moet positief zijn'], field: 'Price' }), reader('en')),
    ).toBe('Price must be positive');
    const dated = kept({ id: 'validation.check', args: ['{0}', new CalendarDate('2026-12-07')], field: null });
    expect(problemText(dated, reader('en'))).toBe('Monday, December 7, 2026');
  });

  it('says a key the server no longer knows as the general failure, not as a key', () => {
    const p = problemOf({ k: 'import.gone_since', a: [], f: null });
    expect(p.id).toBe('errors.internal');
  });
});
