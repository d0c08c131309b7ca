import type { ServiceContext } from '../http/handler';

interface Notice {
  readonly key: string;
  readonly state: string;
  readonly changed: Set<string>;
}

/**
 * What one write asks to happen once it has committed: channel notifications (merged per key and
 * state) and other effects such as removing content no longer referenced. A rolled-back write
 * announces nothing, so a watcher never hears of a change that did not happen.
 */
export class UnitOfWork {
  private readonly notices = new Map<string, Notice>();
  private readonly effects: (() => void)[] = [];

  /** Tells the channels watching `key` after commit; `changed` lists are merged for the same key and state. */
  notify(key: string, state: string, changed: readonly string[] = []): void {
    const id = `${key}\u0000${state}`;
    const existing = this.notices.get(id);
    if (existing) {
      for (const c of changed) existing.changed.add(c);
      return;
    }
    this.notices.set(id, { key, state, changed: new Set(changed) });
  }

  /** Runs `effect` after commit (it must not throw: the write is acknowledged by then). */
  afterCommit(effect: () => void): void {
    this.effects.push(effect);
  }

  /** @internal Delivers what was gathered; called once, after commit. */
  settle(service: Pick<ServiceContext, 'channels'>): void {
    for (const n of this.notices.values()) {
      service.channels.notify(n.key, n.state, n.changed.size > 0 ? [...n.changed] : undefined);
    }
    for (const effect of this.effects) effect();
  }
}

/**
 * Writes of one area: each runs in one IMMEDIATE transaction, and what it announced is delivered
 * after the commit. A write started inside another joins it (one transaction, announced once).
 */
export class UnitsOfWork {
  private current: UnitOfWork | undefined;

  constructor(private readonly service: Pick<ServiceContext, 'store' | 'channels'>) {}

  /** Runs `fn` in one transaction; a throw rolls everything back and announces nothing. */
  write<T>(fn: (work: UnitOfWork) => T): T {
    const outer = this.current;
    if (outer) return fn(outer);
    const work = new UnitOfWork();
    this.current = work;
    let result: T;
    try {
      result = this.service.store.transaction(() => fn(work));
    } finally {
      this.current = undefined;
    }
    work.settle(this.service);
    return result;
  }
}
