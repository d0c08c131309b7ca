import type { EmbeddedService, EmbeddedServiceOptions } from './server';

/**
 * Methods of `EmbeddedService` the host reaches in the worker, each answered over the message
 * channel. Adding a method to the service's surface in the worker is adding its name here.
 */
export const proxiedMethods = ['addUser', 'setWebhookOrigins'] as const satisfies readonly (keyof EmbeddedService)[];
export type ProxiedMethod = (typeof proxiedMethods)[number];

type MethodOf<M extends ProxiedMethod> = EmbeddedService[M] extends (...args: infer A) => infer R
  ? (...args: A) => Promise<Awaited<R>>
  : never;
/** The proxied methods as the host sees them: the same arguments, the answer later. */
export type ProxiedMethods = { readonly [M in ProxiedMethod]: MethodOf<M> };

/** Operations only a worker started with `debugHooks` answers (tests of the isolation). */
export const debugOperations = ['debugBlockCpu'] as const;
export type DebugOperation = (typeof debugOperations)[number];

/** What the worker is started with: the service's options that survive structured cloning. */
export type WorkerServiceOptions = Pick<
  EmbeddedServiceOptions,
  'dataDir' | 'port' | 'users' | 'config' | 'channels' | 'webhooks'
>;

export interface WorkerData {
  readonly options: WorkerServiceOptions;
  readonly debugHooks: boolean;
  /** The origins last given to `setWebhookOrigins`, applied again by a restarted worker. */
  readonly webhookOrigins?: readonly string[];
}

export type HostMessage =
  | { readonly kind: 'call'; readonly id: number; readonly method: string; readonly args: readonly unknown[] }
  | { readonly kind: 'close'; readonly id: number };

export type WorkerMessage =
  | { readonly kind: 'ready'; readonly url: string; readonly port: number }
  | { readonly kind: 'failed'; readonly message: string; readonly code?: string }
  | { readonly kind: 'reply'; readonly id: number; readonly ok: true; readonly value: unknown }
  | { readonly kind: 'reply'; readonly id: number; readonly ok: false; readonly message: string };
