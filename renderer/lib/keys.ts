import type { QueryKey } from '@tanstack/react-query';
import type { SystemParams } from '../../shared/api/params';
import type { OperationName, ParamsFor } from '../../shared/api/registry';
import { getActiveAccount } from './account-store';

/** An operation's own parameters plus Google's system parameters (`fields`, `alt`, ...). */
export type ApiParams<N extends OperationName> = ParamsFor<N> & SystemParams;

/** `['api', account, operation, params]` — the shape every API query key has. */
export type ApiQueryKey<N extends OperationName = OperationName> = readonly ['api', string, N, ApiParams<N>];

export function apiQueryKey<N extends OperationName>(
  operation: N,
  params: ApiParams<N>,
  account = getActiveAccount() ?? '',
): ApiQueryKey<N> {
  return ['api', account, operation, params] as const;
}

/** Key prefix matching every query of one operation (any params) for the account. */
export function apiQueryPrefix(operation: OperationName, account = getActiveAccount() ?? ''): QueryKey {
  return ['api', account, operation];
}

/** True when an API query key's params contain every entry of `expected`. */
export function apiKeyParamsInclude(key: QueryKey, expected: Record<string, unknown>): boolean {
  const params = key[3];
  if (!params || typeof params !== 'object') return Object.keys(expected).length === 0;
  return Object.entries(expected).every(([name, value]) => (params as Record<string, unknown>)[name] === value);
}
