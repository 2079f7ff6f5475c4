// Server validation on the form: ModelState under each field with the field name in the
// message replaced by its label; the general Error (and messages for unknown fields) on top.
import type { ApiErrorBody } from '../api/index.ts';
import type { FormProperty } from './types.ts';

export interface ServerErrors {
  general: string[];
  fields: Record<string, string[]>;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function withLabel(message: string, fieldName: string, label: string): string {
  if (!label || label === fieldName) return message;
  return message.replace(new RegExp(`(?<![\\w])${escape(fieldName)}(?![\\w])`, 'g'), label);
}

export function serverErrors(
  error: ApiErrorBody | null | undefined,
  properties: readonly FormProperty[],
): ServerErrors {
  const result: ServerErrors = { general: [], fields: {} };
  if (!error) return result;
  if (error.Error) result.general.push(error.Error);
  for (const [key, messages] of Object.entries(error.ModelState ?? {})) {
    const property = properties.find((p) => p.FieldName.toLowerCase() === key.toLowerCase());
    if (!property) {
      result.general.push(...messages.filter((m) => m !== error.Error));
      continue;
    }
    result.fields[property.FieldName] = messages.map((m) => withLabel(m, property.FieldName, property.Label));
  }
  return result;
}
