// A transition's list prompt with a filter: the runtime's prompt form gives its picker the `For`
// GetTransitions answered, and the picker sends it with its lookup, so the server offers only the
// rows of the filter; a prompt without one looks up its whole list.
import { describe, expect, it } from 'vitest';
import type { PromptInfo } from '../../runtime/api/index.ts';
import { promptForm, screenActions } from '../../runtime/screens/actions/model.ts';
import { recordLimits } from '../../runtime/form/rules/list-filter.ts';

const reason: PromptInfo = {
  Name: 'VoidReason',
  Label: 'Reden',
  Type: 'list',
  Required: true,
  ListMethod: 'mvc/_lists/reasons',
  For: 'invoices.void.VoidReason',
};

describe('the picker of a list prompt', () => {
  it('asks its lookup for the prompt when the prompt filters its rows', () => {
    const [property] = promptForm([reason]).Properties;
    const config = property.Settings.ListConfig;
    expect(config).toMatchObject({ ListMethod: 'mvc/_lists/reasons', For: 'invoices.void.VoidReason' });
    expect(config && recordLimits(config, { VoidReason: null })).toEqual({
      For: 'invoices.void.VoidReason',
      Record: { AutoID: null },
    });
  });

  it('looks up the whole list for a prompt without a filter', () => {
    const [property] = promptForm([{ ...reason, For: undefined }]).Properties;
    const config = property.Settings.ListConfig;
    expect(config?.For).toBeUndefined();
    expect(config && recordLimits(config, {})).toEqual({});
  });
});

describe('a screen action that makes a transition', () => {
  it('gives its filtered list prompt the For of the transition', () => {
    const [action] = screenActions({
      table: 'invoices',
      actions: [
        {
          name: 'voidMany',
          label: 'Vervallen verklaren',
          transition: 'void',
          batch: true,
          prompts: [
            {
              name: 'VoidReason',
              label: 'Reden',
              type: 'list',
              list: 'reasons',
              where: { '==': [{ var: 'Kind' }, 'void'] },
            },
            { name: 'Comment', label: 'Toelichting', type: 'textarea' },
          ],
        },
      ],
    });
    expect(action.prompts.map((p) => p.For)).toEqual(['invoices.void.VoidReason', undefined]);
  });
});
