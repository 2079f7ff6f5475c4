// Every answer checked against its call's schema (definitions/language/api-schemas.ts), or the
// error schema for a refusal. Used by the tests: an answer that does not match what the API
// publishes is recorded in `answerProblems`, and a test server refuses to close with any.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { FastifyInstance } from 'fastify';
import { CALLS, ErrorAnswer } from '../../definitions/language/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    answerProblems: string[];
  }
}

export function checkAnswers(app: FastifyInstance): void {
  const ajv = new Ajv2020({ allErrors: true, strict: false, allowUnionTypes: true });
  const compiled = new Map<object, ValidateFunction>();
  const validator = (schema: object) => {
    let v = compiled.get(schema);
    if (!v) compiled.set(schema, (v = ajv.compile(schema)));
    return v;
  };
  const problems: string[] = [];
  app.decorate('answerProblems', problems);
  app.addHook('onSend', async (request, reply, payload) => {
    const call = CALLS[`${request.method} ${request.routeOptions.url}`];
    const json = String(reply.getHeader('content-type') ?? '').includes('application/json');
    if (!call || !json || typeof payload !== 'string') return payload;
    const validate = validator(reply.statusCode < 400 ? call.answer : ErrorAnswer);
    if (!validate(JSON.parse(payload))) {
      problems.push(`${request.method} ${request.url} ${reply.statusCode}: ${ajv.errorsText(validate.errors)}`);
    }
    return payload;
  });
}
