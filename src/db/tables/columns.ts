/**
 * The column vocabulary of the synced tables. Each table is described once, column by
 * column, with the Postgres type, nullability and default of its migration; the RxDB
 * schema, the TypeScript document types, the row mapping, the merge's equality rules and
 * the client-side defaults are all derived from that one description, and a unit test
 * compares it with the CREATE TABLE statements so the two cannot drift.
 */

export type ColumnType = 'uuid' | 'text' | 'boolean' | 'timestamptz' | 'date' | 'integer' | 'numeric' | 'jsonb' | 'text[]';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * A column default as the client applies it when a record is created locally:
 * a literal, `now` (the current time) or `uuid` (a fresh random id).
 */
export type ColumnDefault = boolean | number | string | readonly string[] | { readonly fn: 'now' | 'uuid' };

export interface ColumnSpec {
  readonly type: ColumnType;
  readonly nullable: boolean;
  readonly default?: ColumnDefault;
}

export type ColumnMap = Readonly<Record<string, ColumnSpec>>;

type BaseValue<T extends ColumnType> = T extends 'boolean'
  ? boolean
  : T extends 'integer' | 'numeric'
    ? number
  : T extends 'jsonb'
    ? JsonValue
    : T extends 'text[]'
      ? string[]
      : string;

/** The row type of a column map: nullable columns admit null. */
export type RowOf<C extends ColumnMap> = {
  -readonly [K in keyof C]: C[K]['nullable'] extends true ? BaseValue<C[K]['type']> | null : BaseValue<C[K]['type']>;
};

type OptionalKeys<C extends ColumnMap> = {
  [K in keyof C]: C[K]['nullable'] extends true ? K : C[K] extends { default: ColumnDefault } ? K : never;
}[keyof C];

/** What a caller must give to create a record: columns without a default are required. */
export type InputOf<C extends ColumnMap> = Omit<RowOf<C>, OptionalKeys<C>> & Partial<Pick<RowOf<C>, OptionalKeys<C>>>;

export const NOW = { fn: 'now' } as const;
export const NEW_UUID = { fn: 'uuid' } as const;

export function required<T extends ColumnType, D extends ColumnDefault | undefined = undefined>(
  type: T,
  defaultValue?: D,
): D extends ColumnDefault ? { type: T; nullable: false; default: D } : { type: T; nullable: false } {
  const spec = defaultValue === undefined ? { type, nullable: false } : { type, nullable: false, default: defaultValue };
  return spec as D extends ColumnDefault ? { type: T; nullable: false; default: D } : { type: T; nullable: false };
}

export function nullable<T extends ColumnType>(type: T): { type: T; nullable: true } {
  return { type, nullable: true };
}

/** The value a column takes when a record is created locally without it. */
export function defaultValueOf(spec: ColumnSpec, now: () => string, newId: () => string): unknown {
  const value = spec.default;
  if (value === undefined) return spec.nullable ? null : undefined;
  if (typeof value === 'object' && value !== null && 'fn' in value) return value.fn === 'now' ? now() : newId();
  return Array.isArray(value) ? [...value] : value;
}
