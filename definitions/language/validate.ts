// Validation of definition files against their JSON Schemas, with errors that name the
// file, the JSON pointer and the broken rule.
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { KINDS, SCHEMAS } from './schemas.ts';
import type { Said } from './messages.ts';
import type { DefinitionKind } from './types.ts';

/**
 * A problem of the definitions: `message` for implementers (the definitions command, logs), and
 * `said` for a problem an administrator can cause at run time (the dictionaries), in their language.
 */
export interface DefinitionProblem {
  file: string;
  pointer: string;
  rule: string;
  message: string;
  said?: Said;
}

/**
 * Compiled on first use, not when the module loads: the runtime imports this language too, and
 * compiling makes functions from text, which the runtime's content policy forbids. The runtime
 * never validates definitions, so its bundle leaves this (and ajv) out altogether.
 */
let validators: Map<DefinitionKind, ValidateFunction> | undefined;

function validatorOf(kind: DefinitionKind): ValidateFunction {
  if (!validators) {
    const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
    for (const k of KINDS) ajv.addSchema(SCHEMAS[k], `${k}.schema.json`);
    validators = new Map(KINDS.map((k) => [k, ajv.getSchema(`${k}.schema.json`)!]));
  }
  return validators.get(kind)!;
}

function describe(e: ErrorObject): string {
  if (e.keyword === 'additionalProperties')
    return `unknown attribute '${(e.params as { additionalProperty: string }).additionalProperty}'`;
  if (e.keyword === 'enum')
    return `${e.message}: ${(e.params as { allowedValues: unknown[] }).allowedValues.join(', ')}`;
  return e.message ?? e.keyword;
}

export function schemaProblems(kind: DefinitionKind, file: string, value: unknown): DefinitionProblem[] {
  const validate = validatorOf(kind);
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e) => ({
    file,
    pointer: e.instancePath || '/',
    rule: `${e.keyword} (${e.schemaPath})`,
    message: describe(e),
    said: { id: 'definition.schema', args: [e.instancePath || '/', `${e.keyword} ${JSON.stringify(e.params)}`] },
  }));
}

export function formatProblem(p: DefinitionProblem): string {
  return `${p.file} ${p.pointer}: ${p.message} [${p.rule}]`;
}
