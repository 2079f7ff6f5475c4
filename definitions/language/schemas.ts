// The JSON Schemas of every definition kind, bundled so both the server and the runtime have them.
import pack from './schema/pack.schema.json' with { type: 'json' };
import table from './schema/table.schema.json' with { type: 'json' };
import form from './schema/form.schema.json' with { type: 'json' };
import grid from './schema/grid.schema.json' with { type: 'json' };
import screen from './schema/screen.schema.json' with { type: 'json' };
import list from './schema/list.schema.json' with { type: 'json' };
import rights from './schema/rights.schema.json' with { type: 'json' };
import seed from './schema/seed.schema.json' with { type: 'json' };
import locale from './schema/locale.schema.json' with { type: 'json' };
import workflow from './schema/workflow.schema.json' with { type: 'json' };
import report from './schema/report.schema.json' with { type: 'json' };
import type { DefinitionKind } from './types.ts';

export const KINDS: DefinitionKind[] = [
  'pack',
  'table',
  'form',
  'grid',
  'screen',
  'list',
  'rights',
  'seed',
  'locale',
  'workflow',
  'report',
];

export type JsonSchema = Record<string, unknown>;

export const SCHEMAS: Record<DefinitionKind, JsonSchema> = {
  pack,
  table,
  form,
  grid,
  screen,
  list,
  rights,
  seed,
  locale,
  workflow,
  report,
};
