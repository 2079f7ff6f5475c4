// Rules as definition files hold them, the engine's own operators (`today`, `matches`,
// `workdays_after`) included, read through the same guard the engine uses.
import type { RulesLogic } from 'json-logic-js';
import { isRule } from '../../definitions/language/index.ts';

/** `value` as a rule; a value that is no rule (not an object) fails the test that wrote it. */
export function rule(value: unknown): RulesLogic {
  if (!isRule(value)) throw new Error(`not a rule: ${JSON.stringify(value)}`);
  return value;
}
