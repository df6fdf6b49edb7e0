/**
 * The parsed form of PostgREST's query-string language (select, filters, logic trees,
 * order), as PostgREST's ApiRequest/Types.hs models it. Parsing produces these; the
 * planner resolves them against the schema cache; nothing here is SQL yet.
 */

/** One step of a JSON path: `->key`, `->>key`, `->0`, `->>-1`. */
export interface JsonStep {
  arrow: '->' | '->>';
  /** The key, or the index as text (`"0"`, `"-1"`). */
  operand: string;
  isIndex: boolean;
}

export interface Field {
  name: string;
  jsonPath: JsonStep[];
}

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'field'; field: Field; alias: string | null; cast: string | null }
  | {
      kind: 'relation';
      name: string;
      alias: string | null;
      hint: string | null;
      joinType: 'inner' | 'left' | null;
      spread: boolean;
      children: SelectItem[];
    };

/** PostgREST's simple operators and the SQL operator each stands for. */
export const SIMPLE_OPERATORS = {
  eq: '=',
  gte: '>=',
  gt: '>',
  lte: '<=',
  lt: '<',
  neq: '<>',
  like: 'like',
  ilike: 'ilike',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
  match: '~',
  imatch: '~*',
  isdistinct: 'is distinct from',
} as const;
export type SimpleOperator = keyof typeof SIMPLE_OPERATORS;

/** Operators that accept the `(any)` / `(all)` quantifiers, e.g. `like(any).{a*,b*}`. */
export const QUANTIFIABLE_OPERATORS: ReadonlySet<SimpleOperator> = new Set([
  'eq',
  'gte',
  'gt',
  'lte',
  'lt',
  'like',
  'ilike',
  'match',
  'imatch',
]);

export const FTS_OPERATORS = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
} as const;
export type FtsOperator = keyof typeof FTS_OPERATORS;

export type TrileanValue = 'null' | 'true' | 'false' | 'unknown';

export type Operation =
  | { kind: 'op'; op: SimpleOperator; quantifier: 'any' | 'all' | null; value: string }
  | { kind: 'in'; values: string[] }
  | { kind: 'is'; value: TrileanValue }
  | { kind: 'fts'; op: FtsOperator; language: string | null; value: string };

export interface Filter {
  field: Field;
  negate: boolean;
  operation: Operation;
}

export type LogicTree =
  | { kind: 'filter'; filter: Filter }
  | { kind: 'expr'; negate: boolean; op: 'and' | 'or'; children: LogicTree[] };

export type OrderTerm =
  | { kind: 'field'; field: Field; direction: 'asc' | 'desc' | null; nulls: 'first' | 'last' | null }
  | {
      kind: 'relation';
      relation: string;
      field: Field;
      direction: 'asc' | 'desc' | null;
      nulls: 'first' | 'last' | null;
    };

/** A malformed query parameter: PostgREST answers 400 PGRST100 with these texts. */
export class QueryParamError extends Error {
  constructor(
    message: string,
    readonly details: string,
  ) {
    super(message);
    this.name = 'QueryParamError';
  }
}
