// JSON Schema builders whose results also carry, for TypeScript only, the type of the values the
// schema accepts (as TypeBox's `Static<>` does): the API's types are read off its schemas
// (`Infer<typeof X>`) instead of being kept beside them by hand. At run time each builder makes
// a plain JSON Schema object and nothing else.

export type Schema = Record<string, unknown>;

declare const VALUES: unique symbol;
/** A JSON Schema with the type of the values it accepts. */
export type Typed<T> = Schema & { readonly [VALUES]?: T };
/** The type of the values a schema accepts (`unknown` for a schema built without a type). */
export type Infer<S> = S extends { readonly [VALUES]?: infer T } ? Exclude<T, undefined> : unknown;

type Flat<T> = { [K in keyof T]: T[K] } & {};
type Props = Record<string, Schema>;
type ObjectOf<P extends Props, R extends keyof P> = Flat<
  { [K in keyof P as K extends R ? K : never]: Infer<P[K]> } & {
    [K in keyof P as K extends R ? never : K]?: Infer<P[K]>;
  }
>;

/** A schema written out, said to accept values of type T. */
export const typed = <T>(schema: Schema): Typed<T> => schema;

/** An object with exactly these properties (`required` must be there). */
export const object = <P extends Props, R extends keyof P & string = never>(
  properties: P,
  required: readonly R[] = [],
  more: Schema = {},
): Typed<ObjectOf<P, R>> =>
  typed({ type: 'object', properties, required: [...required], additionalProperties: false, ...more });
/** An object with these properties and any others (a record, whose fields are the definitions'). */
export const open = <P extends Props, R extends keyof P & string = never>(
  properties: P,
  required: readonly R[] = [],
): Typed<ObjectOf<P, R> & Record<string, unknown>> =>
  typed({ type: 'object', properties, required: [...required], additionalProperties: true });
export const list = <T>(items: Typed<T>, maxItems = 1000): Typed<T[]> => typed({ type: 'array', items, maxItems });
export const str = (more: Schema = {}): Typed<string> => typed({ type: 'string', ...more });
export const text = (maxLength = 1000): Typed<string> => str({ maxLength });
export const whole = (minimum = 0, maximum?: number): Typed<number> =>
  typed({ type: 'integer', minimum, ...(maximum === undefined ? {} : { maximum }) });
export const nullable = <T>(s: Typed<T>): Typed<T | null> => typed({ anyOf: [s, { type: 'null' }] });
export const anyOf = <A, B>(a: Typed<A>, b: Typed<B>): Typed<A | B> => typed({ anyOf: [a, b] });
/** One of these values. */
export const oneOf = <const T extends readonly (string | number | boolean)[]>(values: T): Typed<T[number]> =>
  typed({ enum: [...values] });
export const bool: Typed<boolean> = typed({ type: 'boolean' });
export const int: Typed<number> = typed({ type: 'integer' });
export const num: Typed<number> = typed({ type: 'number' });
/** Any JSON object, its keys unknown here. */
export const anyObject: Typed<Record<string, unknown>> = typed({ type: 'object' });
export const anyValue: Typed<unknown> = typed({});
