// One canonical text per definition: keys in the order their JSON Schema lists them,
// two-space indentation, a final newline. `definitions format` writes it and
// `definitions validate` refuses anything else, so every change is a small diff.
import { SCHEMAS, type JsonSchema } from './schemas.ts';
import type { DefinitionKind } from './types.ts';

function resolve(node: JsonSchema | undefined, root: JsonSchema): JsonSchema | undefined {
  let current = node;
  for (let hops = 0; current && typeof current.$ref === 'string' && hops < 10; hops++) {
    const [file, pointer = ''] = current.$ref.split('#');
    const base = file ? SCHEMAS[file.replace('.schema.json', '') as DefinitionKind] : root;
    current = pointer
      .split('/')
      .filter(Boolean)
      .reduce<JsonSchema | undefined>((n, part) => n?.[part] as JsonSchema | undefined, base);
    root = base;
  }
  return current;
}

function order(value: unknown, schema: JsonSchema | undefined, root: JsonSchema): unknown {
  const node = resolve(schema, root);
  if (Array.isArray(value)) return value.map((item) => order(item, node?.items as JsonSchema, root));
  if (value === null || typeof value !== 'object') return value;
  const props = (node?.properties ?? {}) as Record<string, JsonSchema>;
  const known = Object.keys(props).filter((k) => k in value);
  const rest = Object.keys(value)
    .filter((k) => !(k in props))
    .sort();
  const out: Record<string, unknown> = {};
  for (const key of [...known, ...rest]) {
    const sub = props[key] ?? (node?.additionalProperties as JsonSchema | undefined);
    out[key] = order((value as Record<string, unknown>)[key], typeof sub === 'object' ? sub : undefined, root);
  }
  return out;
}

export function canonicalText(kind: DefinitionKind, value: unknown): string {
  return `${JSON.stringify(order(value, SCHEMAS[kind], SCHEMAS[kind]), null, 2)}\n`;
}
