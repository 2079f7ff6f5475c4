// Whole numbers in requests, checked one way everywhere: a number (not digits in text), whole,
// within its range. A value out of range is refused, never clamped.
import { badRequest } from '../errors.ts';

export const isWhole = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/** The value, or `fallback` when it is absent; a 400 naming `what` and the range otherwise. */
export function wholeNumber(value: unknown, fallback: number, min: number, max: number, what: string): number {
  if (value === undefined || value === null) return fallback;
  if (!isWhole(value, min, max)) throw badRequest('request.whole_number', what, min, max);
  return value;
}
