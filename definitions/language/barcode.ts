// Scanned codes (spec 1 §5): a barcode that is a URL (`https://assets.example.com/o/HL-12`, or one
// starting with the site's own host) stands for its last path segment, the code itself. A field
// marked `"barcode": true` keeps only that segment, on every write path and in the search box.

/** The code a scanned value stands for: a URL's last path segment (decoded), else the value trimmed. */
export function barcodeValue(value: string, host?: string): string {
  const text = value.trim();
  const lower = text.toLowerCase();
  const isUrl =
    /^[a-z][a-z0-9+.-]*:\/\//.test(lower) ||
    (host !== undefined && host !== '' && lower.startsWith(host.toLowerCase()));
  if (!isUrl) return text;
  const path = text.replace(/[?#].*$/, '').replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  const segments = path.split('/').filter((s) => s !== '');
  if (segments.length < 2) return text;
  const last = segments[segments.length - 1];
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}
