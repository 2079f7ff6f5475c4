// The forms' JSON Schema validator: what rjsf asks of it (a schema's condition, a oneOf option, a
// whole form's errors) answered by reading the schema, never by making code from text, so it runs
// under the runtime's content policy without 'unsafe-eval'.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { getFirstMatchingOption, retrieveSchema, type RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { SchemaValidator, schemaValidator } from '../../runtime/form/schema-validator.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

// The shape compileForm gives a GetForm answer: nullable typed fields, the required ones listed.
const form: RJSFSchema = {
  type: 'object',
  properties: {
    ID: { type: ['string', 'null'], title: 'Code', maxLength: 20 },
    Descr: { type: ['string', 'null'], title: 'Omschrijving' },
    Budget: { type: ['number', 'null'], title: 'Budget', minimum: 0 },
  },
  required: ['ID', 'Descr'],
};

describe('validating a whole form', () => {
  it('names each broken rule on the path of its field, and the missing field on its own', () => {
    const { errors, errorSchema } = schemaValidator.validateFormData({ ID: 'X'.repeat(21), Budget: -1 }, form);
    expect(errors.map((e) => [e.name, e.property])).toEqual([
      ['required', '.Descr'],
      ['maxLength', '.ID'],
      ['minimum', '.Budget'],
    ]);
    expect(errors[0].params).toEqual({ missingProperty: 'Descr' });
    expect(Object.keys(errorSchema).sort()).toEqual(['Budget', 'Descr', 'ID']);
    expect(errorSchema.ID?.__errors).toHaveLength(1);
  });

  it('finds nothing wrong with a record that fits, null for empty fields included', () => {
    expect(schemaValidator.validateFormData({ ID: 'K1', Descr: 'Kantoor', Budget: null }, form).errors).toEqual([]);
  });

  it('leaves out undefined values, as a submitted record does', () => {
    const { errors } = schemaValidator.validateFormData({ ID: 'K1', Descr: undefined }, form);
    expect(errors.map((e) => e.property)).toEqual(['.Descr']);
  });

  it('hands its errors to transformErrors and merges those of customValidate', () => {
    const { errors, errorSchema } = schemaValidator.validateFormData(
      { ID: 'K1' },
      form,
      (data, handler) => {
        if (data?.ID === 'K1') handler.ID?.addError('bestaat al');
        return handler;
      },
      (list) => list.map((e) => ({ ...e, message: `vertaald: ${e.name}` })),
    );
    expect(errorSchema.Descr?.__errors).toEqual(['vertaald: required']);
    expect(errorSchema.ID?.__errors).toEqual(['bestaat al']);
    expect(errors.map((e) => e.stack)).toContain('.ID bestaat al');
  });

  it('reports a schema it cannot read instead of throwing', () => {
    const broken: RJSFSchema = { type: 'object', properties: { A: { $ref: '#/definitions/missing' } } };
    const { errors } = schemaValidator.validateFormData({ A: 1 }, broken);
    expect(errors).toHaveLength(1);
    expect(errors[0].stack).toMatch(/Unresolved \$ref/);
  });
});

describe('what rjsf asks while drawing a form', () => {
  const root: RJSFSchema = {
    definitions: {
      person: {
        type: 'object',
        properties: { kind: { const: 'person' }, name: { type: 'string' } },
        required: ['kind'],
      },
    },
    type: 'object',
    properties: { kind: { type: 'string' } },
    if: { properties: { kind: { const: 'company' } } },
    then: { properties: { vat: { type: 'string', title: 'BTW-nummer' } } },
    else: { properties: { birthday: { type: 'string', title: 'Geboortedatum' } } },
  };

  it('resolves a condition by the record', () => {
    const validator = new SchemaValidator();
    expect(Object.keys(retrieveSchema(validator, root, root, { kind: 'company' }).properties ?? {})).toEqual([
      'kind',
      'vat',
    ]);
    expect(Object.keys(retrieveSchema(validator, root, root, { kind: 'person' }).properties ?? {})).toEqual([
      'kind',
      'birthday',
    ]);
  });

  it('picks the oneOf option that fits, through references into the root schema', () => {
    const options: RJSFSchema[] = [
      { $ref: '#/definitions/person' },
      { type: 'object', properties: { kind: { const: 'company' } }, required: ['kind'] },
    ];
    expect(getFirstMatchingOption(schemaValidator, { kind: 'company' }, options, root)).toBe(1);
    expect(getFirstMatchingOption(schemaValidator, { kind: 'person', name: 'Piet' }, options, root)).toBe(0);
    expect(schemaValidator.isValid({ $ref: '#/definitions/person' }, { kind: 'person', name: 3 }, root)).toBe(false);
  });

  it('leaves the schemas rjsf hands it as they were', () => {
    const schema = JSON.parse(JSON.stringify(root));
    const sub = schema.definitions.person;
    new SchemaValidator().isValid({ $ref: '#/definitions/person' }, { kind: 'person' }, schema);
    new SchemaValidator().validateFormData({ kind: 'x' }, schema);
    expect(schema).toEqual(root);
    expect(Object.getOwnPropertyNames(sub).sort()).toEqual(['properties', 'required', 'type']);
  });
});

describe('without code made from text', () => {
  // The V8 switch forbids what the content policy forbids in the browser: eval and new Function.
  const run = (code: string) =>
    execFileSync(
      process.execPath,
      ['--disallow-code-generation-from-strings', '--import', 'tsx', '--input-type=module', '-e', code],
      {
        cwd: ROOT,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );

  it('validates a form and resolves a reference, where ajv cannot even compile', () => {
    const out = run(`
      const { schemaValidator } = await import(${JSON.stringify(path.join(ROOT, 'runtime', 'form', 'schema-validator.ts'))});
      const form = ${JSON.stringify(form)};
      const errors = schemaValidator.validateFormData({ ID: 'X'.repeat(21) }, form).errors.map((e) => e.name);
      const root = { definitions: { code: { type: 'string', maxLength: 2 } } };
      const valid = [schemaValidator.isValid({ $ref: '#/definitions/code' }, 'AB', root), schemaValidator.isValid({ $ref: '#/definitions/code' }, 'ABC', root)];
      let ajv;
      try { const { Ajv } = await import('ajv'); new Ajv().compile(form); ajv = 'compiled'; } catch (e) { ajv = e.name; }
      console.log(JSON.stringify({ errors, valid, ajv }));
    `);
    expect(JSON.parse(out)).toEqual({ errors: ['required', 'maxLength'], valid: [true, false], ajv: 'EvalError' });
  });
});
