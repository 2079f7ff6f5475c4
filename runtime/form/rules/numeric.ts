// Numeric input rules (spec 1 section 5 "Numeric input"): bounds, steps, key filtering.
export interface NumericLimits {
  min?: number | null;
  max?: number | null;
  step?: number | null;
}

/** Decimals a step carries: 0.01 → 2, 1 → 0, 1e-6 → 6. */
export function stepDecimals(step: number | null | undefined): number {
  if (!step || Number.isInteger(step)) return 0;
  const text = step.toString();
  const exp = /e-(\d+)$/.exec(text);
  if (exp) return Number(exp[1]);
  return text.split('.')[1]?.length ?? 0;
}

export function clamp(value: number, { min, max }: NumericLimits): number {
  if (min != null && value < min) return min;
  if (max != null && value > max) return max;
  return value;
}

/** Rounds to the step's decimals; toFixed keeps 0.1 + 0.2 from showing as 0.30000000000000004. */
export function roundToStep(value: number, step: number | null | undefined): number {
  return Number(value.toFixed(stepDecimals(step)));
}

/** Stepper buttons: one step up or down, never past min or max; an empty value starts from 0 (or min). */
export function stepValue(value: number | null, direction: 1 | -1, limits: NumericLimits): number {
  const step = limits.step || 1;
  const start = value ?? clamp(0, limits);
  return clamp(roundToStep(start + direction * step, step), limits);
}

/** The typed text as a number; empty or not a number becomes null. A comma counts as the decimal sign. */
export function parseNumeric(text: string | number | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  if (typeof text === 'number') return Number.isNaN(text) ? null : text;
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '' || trimmed === '-') return null;
  const value = Number(trimmed);
  return Number.isNaN(value) ? null : value;
}

/** On blur a fractional step rounds the value to the step's decimals; whole steps leave it as typed. */
export function numericOnBlur(value: number | null, limits: NumericLimits): number | null {
  if (value === null) return null;
  return limits.step && !Number.isInteger(limits.step) ? roundToStep(value, limits.step) : value;
}

const CONTROL_KEYS = new Set([
  'Backspace',
  'Delete',
  'Tab',
  'Enter',
  'Escape',
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
]);

/** Whether a key press is refused: step 1 blocks '.' and ','; the numeric-keys option allows digits only. */
export function blocksKey(
  key: string,
  { step, numericKeys }: { step?: number | null; numericKeys?: boolean },
): boolean {
  if (CONTROL_KEYS.has(key) || key.length > 1) return false;
  if (numericKeys) return !/^[0-9]$/.test(key);
  if (step === 1 && (key === '.' || key === ',')) return true;
  return false;
}
