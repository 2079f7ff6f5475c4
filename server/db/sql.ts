// Identifiers in SQL come only from effective definitions, and still pass through here:
// anything that is not a plain lower-case identifier is refused rather than quoted.
const IDENT = /^[a-z_][a-z0-9_]{0,62}$/;

export function ident(name: string): string {
  if (!IDENT.test(name)) throw new Error(`refusing SQL identifier ${JSON.stringify(name)}`);
  return `"${name}"`;
}

/** A short, stable name of at most 63 characters for an index or constraint. */
export function objectName(...parts: string[]): string {
  const name = parts.join('_');
  if (name.length <= 63) return name;
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return `${name.slice(0, 54)}_${hash.toString(36).padStart(7, '0').slice(0, 8)}`;
}

/** Escapes LIKE wildcards so a search text matches literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
