import { UnitsOfWork } from '../../area/unit-of-work';
import type { ServiceContext } from '../../http/handler';
import { ChangeRecorder } from './change-log';
import { createCalendarRepositories, type CalendarRepositories } from './repositories';

/** What the Calendar handlers of one service share: repositories with their caches, and its writes. */
export class CalendarState {
  readonly r: CalendarRepositories;
  private readonly units: UnitsOfWork;

  constructor(readonly service: ServiceContext) {
    this.r = createCalendarRepositories(service.store);
    this.units = new UnitsOfWork(service);
  }

  /**
   * Runs `write` as one unit of work with a change recorder: one transaction, and the channels
   * watching what changed hear of it after the commit. A throw rolls everything back.
   */
  write<T>(write: (r: CalendarRepositories, changes: ChangeRecorder) => T): T {
    return this.units.write((work) =>
      write(this.r, new ChangeRecorder(this.r.store, this.service.now().getTime(), work)),
    );
  }

  close(): void {
    this.r.eventCache.clear();
    this.r.expansions.clear();
  }
}
