// The shapes of API answers as the tests read them: only what the tests look at is named, so a
// test reads an answer through a type rather than past the type checker.

/** A stored row as save, GetItem and GetFlexData answer it: its AutoID and its table's fields. */
export interface Row {
  AutoID: number;
  [field: string]: unknown;
}

/** A form property or a grid column: the field it shows, and what some tests check of it. */
export interface Property {
  FieldName: string;
  FieldType?: string;
  Label?: string;
  GroupID?: string;
}

/** A screen, a tab or a group of the definitions answers, by its name. */
export interface Named {
  name: string;
}

/** A group of a form's fields. */
export interface Group {
  GroupID: string;
  Label?: string;
  Tab?: string;
}

/** Whether `value` is a stored row: an object with a numeric AutoID. */
export const isRow = (value: unknown): value is Row =>
  typeof value === 'object' && value !== null && 'AutoID' in value && typeof value.AutoID === 'number';

/** `value` as rows (a GetFlexData answer's Data); anything but an array of rows fails the test. */
export function rowsIn(value: unknown): Row[] {
  if (!Array.isArray(value)) throw new Error(`expected rows, got ${JSON.stringify(value)}`);
  return value.map((row: unknown) => {
    if (!isRow(row)) throw new Error(`expected a row with an AutoID, got ${JSON.stringify(row)}`);
    return row;
  });
}
