// The values of a transition's or action's prompts, checked by ajv against the schema made from
// the prompts, and refused under each prompt's name in the form's words.
import { describe, expect, it } from 'vitest';
import type { PromptDef } from '../../definitions/language/index.ts';
import { validatePrompts } from '../../server/business/prompt-schema.ts';

const PROMPTS: PromptDef[] = [
  {
    name: 'BlockReason',
    label: 'Reden',
    type: 'list',
    list: 'blockreasons',
    required: true,
    requiredMessage: 'Kies een reden',
  },
  { name: 'Comment', label: 'Toelichting', type: 'text', maxLength: 10 },
  { name: 'Date', label: 'Datum', type: 'date' },
  { name: 'Kind', label: 'Soort', type: 'select', options: [{ value: 'a', label: 'A' }] },
] as PromptDef[];

describe('prompt values', () => {
  it('takes good values by prompt name, in any case, an empty text as no value', () => {
    expect(validatePrompts(PROMPTS, { blockreason: 3, comment: '', DATE: '2024-02-29', Kind: 'a' })).toEqual({
      values: { BlockReason: 3, Comment: null, Date: '2024-02-29', Kind: 'a' },
    });
  });

  it('refuses each problem under its prompt: missing, of the wrong kind, too long, no option, an impossible date, unknown', () => {
    const { problems } = validatePrompts(PROMPTS, {
      Comment: 'x'.repeat(11),
      Date: '2021-02-30',
      Kind: 'b',
      Colour: 'red',
    });
    expect(problems).toEqual({
      BlockReason: [{ id: 'validation.check', args: ['Kies een reden'] }],
      Comment: [{ id: 'validation.invalid', args: ['Toelichting'] }],
      Date: [{ id: 'validation.invalid', args: ['Datum'] }],
      Kind: [{ id: 'validation.invalid', args: ['Soort'] }],
      Colour: [{ id: 'validation.unknown_field', args: ['Colour'] }],
    });
    expect(validatePrompts(PROMPTS, { BlockReason: null }).problems).toEqual({
      BlockReason: [{ id: 'validation.check', args: ['Kies een reden'] }],
    });
    expect(validatePrompts(PROMPTS, { BlockReason: 0 }).problems).toEqual({
      BlockReason: [{ id: 'validation.invalid', args: ['Reden'] }],
    });
  });
});
