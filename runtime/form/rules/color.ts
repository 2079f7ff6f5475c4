// Colour input: text of at most 9 characters, hex without alpha for the swatch.
import { COLOR_LENGTH } from '../../../definitions/language/index.ts';

export const COLOR_TEXT_LENGTH = COLOR_LENGTH;

export function limitColorText(text: string): string {
  return text.slice(0, COLOR_LENGTH);
}

/** '#aabbcc' for the swatch from '#abc', '#aabbcc' or '#aabbccdd' (alpha dropped); null when not a colour. */
export function swatchColor(text: string | null | undefined): string | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec((text ?? '').trim());
  if (!match) return null;
  let hex = match[1].toLowerCase();
  if (hex.length === 3) hex = [...hex].map((c) => c + c).join('');
  return `#${hex.slice(0, 6)}`;
}
