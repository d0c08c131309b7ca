/** Parsed Drive query. Terms keep the position of their field for error messages. */
export type QueryNode =
  | { kind: 'and'; items: QueryNode[] }
  | { kind: 'or'; items: QueryNode[] }
  | { kind: 'not'; item: QueryNode }
  | ComparisonTerm
  | MembershipTerm
  | PropertyTerm
  | FlagTerm;

export type Operator = '=' | '!=' | '<' | '<=' | '>' | '>=' | 'contains';
export type Literal = string | number | boolean;

/** `field op value`, e.g. `name contains 'x'`, `trashed = false`, `modifiedTime > '2020-01-01T00:00:00'`. */
export interface ComparisonTerm {
  kind: 'compare';
  field: string;
  op: Operator;
  value: Literal;
  pos: number;
}

/** `'value' in collection`, e.g. `'root' in parents`, `'a@b.c' in writers`. */
export interface MembershipTerm {
  kind: 'in';
  value: string;
  collection: string;
  pos: number;
}

/** `properties has { key='k' and value='v' }`. */
export interface PropertyTerm {
  kind: 'has';
  collection: 'properties' | 'appProperties';
  key: string;
  value: string;
  pos: number;
}

/** A bare boolean field, e.g. `sharedWithMe`. */
export interface FlagTerm {
  kind: 'flag';
  field: string;
  pos: number;
}
