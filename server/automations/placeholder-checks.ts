// Placeholders are judged when a text is saved, not when it is sent: an automation's action, a
// webhook's content or an e-mail template that names a placeholder no record can fill is refused
// with a message under the field naming the placeholder. An action's placeholders read the table
// its automation's triggers watch; a template's the table its `Table` names; a webhook's content
// has no table of its own, so only the form of its placeholders is judged there.
import type pg from 'pg';
import { invalidFields, type FieldMessage } from '../errors.ts';
import type { BeforeWrite, WriteHook } from '../data/write-hooks.ts';
import { unknownPlaceholder } from '../messages/index.ts';
import type { TableModel } from '../metadata/model.ts';
import { tableOfAutomation } from './behaviours.ts';
import type { Snapshot } from '../metadata/registry.ts';

/** The behaviour (BehaviourName) of the e-mail templates table. */
export const EMAIL_TEMPLATES = 'email-template';

/** The fields whose texts hold placeholders, per behaviour. */
const TEXT_FIELDS: Record<string, string[]> = {
  'automation-action': ['To', 'Subject', 'Body', 'Language', 'Phone', 'Variables', 'Value', 'Values'],
  'webhook-secret': ['Content'],
  [EMAIL_TEMPLATES]: ['Subject', 'Body'],
};

async function check(write: BeforeWrite, fields: string[], source: TableModel | undefined): Promise<void> {
  const problems: Record<string, FieldMessage[]> = {};
  for (const name of fields) {
    const field = write.model.byName.get(name.toLowerCase());
    const value = field ? write.merged[field.name] : undefined;
    if (!field || typeof value !== 'string' || !value.includes('{')) continue;
    const unknown = unknownPlaceholder(value, source, write.tableOf);
    if (unknown === undefined) continue;
    problems[field.name] = [
      source && !unknown.malformed
        ? { id: 'messages.unknown_placeholder', args: [unknown.placeholder, source.table.name] }
        : { id: 'messages.malformed_placeholder', args: [unknown.placeholder] },
    ];
  }
  if (Object.keys(problems).length) throw invalidFields(problems);
}

/** The write hooks of the three behaviours, reading the current definitions through `snapshot`. */
export function placeholderHooks(snapshot: () => Snapshot): [string, WriteHook][] {
  return [
    [
      'automation-action',
      {
        async beforeWrite(client: pg.PoolClient, write) {
          const automation = Number(write.merged.Automation);
          const source = Number.isInteger(automation)
            ? await tableOfAutomation(client, snapshot(), automation)
            : undefined;
          await check(write, TEXT_FIELDS['automation-action'], source);
        },
      },
    ],
    ['webhook-secret', { beforeWrite: (_client, write) => check(write, TEXT_FIELDS['webhook-secret'], undefined) }],
    [
      EMAIL_TEMPLATES,
      {
        beforeWrite: (_client, write) => {
          const table = write.merged.Table;
          const source = typeof table === 'string' && table ? write.tableOf(table) : undefined;
          return check(write, TEXT_FIELDS[EMAIL_TEMPLATES], source);
        },
      },
    ],
  ];
}
