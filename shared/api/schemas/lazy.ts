import type { z } from 'zod';

/**
 * An object built the first time anything reads it, then kept: the same object for every caller,
 * with the type, methods and properties of what `build` answers. Every read, write, key listing
 * and check (`in`, `instanceof`, `hasOwnProperty`) goes through a Proxy to the built object.
 */
export function lazyObject<T extends object>(build: () => T): T {
  let built: T | undefined;
  let building = false;
  const value = (): T => {
    if (built === undefined) {
      building = true;
      try {
        built = build();
      } finally {
        building = false;
      }
    }
    return built;
  };
  // The target is never used: every trap reads the built object instead.
  const proxy = new Proxy({} as T, {
    get: (_target, key) => Reflect.get(value(), key, value()),
    set: (_target, key, next) => Reflect.set(value(), key, next, value()),
    has: (_target, key) => Reflect.has(value(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(value()),
    ownKeys: () => Reflect.ownKeys(value()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(value(), key);
      // A Proxy may only call a property non-configurable when its target has it; this one's never does.
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(value(), key, descriptor),
    deleteProperty: (_target, key) => Reflect.deleteProperty(value(), key),
  });
  builtObjects.set(proxy, () => (building ? undefined : value()));
  return proxy;
}

/** Each lazy object's built object, by the Proxy that stands for it (none while it is being built). */
const builtObjects = new WeakMap<object, () => object | undefined>();

/**
 * The object a lazy object stands for, built now; anything else as it is. A schema built from other
 * schemas holds what this answers rather than their Proxies, so reading a value does not go through
 * a Proxy's traps at every field it checks (most of a request's fields, on the service's busiest path).
 * While a lazy object is still being built (a schema that contains itself), its Proxy is kept.
 */
export function unwrapLazy<T>(value: T): T {
  const built = typeof value === 'object' && value !== null ? builtObjects.get(value)?.() : undefined;
  return (built ?? value) as T;
}

/**
 * A schema built on first use (see {@link lazyObject}). The resource schemas are many (every field
 * of every Calendar, Tasks and Drive resource, and again in the request forms) and building them
 * is most of what loading the operation registry costs: a process that uses a few of them (the
 * renderer at start) builds only those, one that uses them all (the service) builds each on its
 * first use. zod itself, walking `_zod.def`, sees the built schema.
 */
export function lazySchema<T extends z.ZodType>(build: () => T): T {
  return lazyObject(build);
}

/** A value computed the first time it is asked for, then kept (a shape shared by a resource and its request form). */
export function once<T>(compute: () => T): () => T {
  let done = false;
  let value: T;
  return () => {
    if (!done) {
      value = compute();
      done = true;
    }
    return value;
  };
}
