import { isOperationName } from '../../../shared/api';
import type { AreaInstance, Handlers, ServiceArea, ServiceContext, UserDefaults } from '../http/handler';
import type { User } from '../store/users';

/** The areas of one running service, as one. */
export interface RunningAreas {
  /** Every handler of every area by operation name. */
  readonly handlers: Handlers;
  /** Gives a new user each area's defaults (inside the transaction that creates the user). */
  provisionUser(user: User, defaults: UserDefaults): void;
  /** Closes every area, last created first. */
  close(): Promise<void>;
}

/**
 * Builds every area over `service` and joins their handlers. A handler for an operation outside the
 * registry, or two areas implementing one operation, is a mistake caught here, before any request.
 */
export async function startAreas(modules: readonly ServiceArea[], service: ServiceContext): Promise<RunningAreas> {
  const instances: AreaInstance[] = [];
  const close = async (): Promise<void> => {
    for (const instance of instances.splice(0).reverse()) await instance.close();
  };
  const handlers: Handlers = {};
  try {
    for (const module of modules) {
      const instance = module.create(service);
      instances.push(instance);
      for (const name of Object.keys(instance.handlers)) {
        if (!isOperationName(name)) throw new Error(`Handler for unknown operation ${name}.`);
        if (Object.hasOwn(handlers, name)) throw new Error(`Two handlers for ${name}.`);
      }
      Object.assign(handlers, instance.handlers);
    }
  } catch (error) {
    await close();
    throw error;
  }
  return {
    handlers,
    provisionUser(user, defaults) {
      for (const instance of instances) instance.provisionUser?.(user, defaults);
    },
    close,
  };
}
