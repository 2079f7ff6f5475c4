// A scanned barcode that is a URL stands for its last path segment (spec 1 §5).
import { describe, expect, it } from 'vitest';
import { barcodeValue } from '../../definitions/language/barcode.ts';

describe('barcodeValue', () => {
  it('keeps the last path segment of a URL, decoded, without query or fragment', () => {
    expect(barcodeValue('http://assets.example.com/o/HL-12')).toBe('HL-12');
    expect(barcodeValue('https://assets.example.com/objects/HL%2012/?src=qr#top')).toBe('HL 12');
    expect(barcodeValue('  HTTPS://x.example/a/b/OBJ-7  ')).toBe('OBJ-7');
  });
  it('keeps a value starting with the site host as a URL too', () => {
    expect(barcodeValue('app.example.com/o/HL-3', 'app.example.com')).toBe('HL-3');
    expect(barcodeValue('HL-3', 'app.example.com')).toBe('HL-3');
  });
  it('leaves a plain code, and a URL without a path, as they are (trimmed)', () => {
    expect(barcodeValue(' HL-12 ')).toBe('HL-12');
    expect(barcodeValue('https://assets.example.com')).toBe('https://assets.example.com');
    expect(barcodeValue('https://assets.example.com/o/%E0%A4%A')).toBe('%E0%A4%A');
  });
});
