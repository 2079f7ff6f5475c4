// The file name a Content-Disposition header gives (RFC 6266): filename* (RFC 8187, UTF-8 and
// percent-encoded) wins over the plain filename, which the server keeps ASCII for old clients.
// The name is used to save a file, so path separators and control characters are taken out.

function clean(name: string): string | null {
  const safe = name
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(/[/\\]/g, '_')
    .trim();
  return safe && safe !== '.' && safe !== '..' ? safe : null;
}

function extended(value: string): string | null {
  const m = /^([\w!#$%&+^`{}~-]+)'[^']*'(.*)$/.exec(value.trim());
  if (!m) return null;
  try {
    const charset = m[1].toLowerCase();
    if (charset === 'utf-8') return decodeURIComponent(m[2]);
    if (charset === 'iso-8859-1')
      return m[2].replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  } catch {
    // A broken encoding: fall back to the plain name.
  }
  return null;
}

/** Splits parameters on ';' outside quoted strings. */
function parameters(header: string): Map<string, string> {
  const found = new Map<string, string>();
  const re = /;\s*([^\s=;]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g;
  for (const m of header.matchAll(re)) {
    const name = m[1].toLowerCase();
    const raw = m[2].trim();
    const value = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw;
    if (!found.has(name)) found.set(name, value);
  }
  return found;
}

/** The name to save a file under, or null when the header names none. */
export function fileNameOf(header: string | null | undefined): string | null {
  if (!header) return null;
  const params = parameters(header.replace(/^[^;]*/, ''));
  const star = params.get('filename*');
  const name = (star !== undefined ? extended(star) : null) ?? params.get('filename') ?? null;
  return name === null ? null : clean(name);
}
