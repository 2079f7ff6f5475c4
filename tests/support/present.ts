// A value a test expects to be there, checked rather than asserted.

/** `value`; null or undefined fails the test, naming what was missing. */
export function present<T>(value: T | null | undefined, what = 'a value'): T {
  if (value === null || value === undefined) throw new Error(`expected ${what}, got ${value}`);
  return value;
}
