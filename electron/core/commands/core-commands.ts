import type { Account, CalendarWriteStep } from '../../../shared/ipc/contract';
import { CommandJournal } from '../command-journal';
import type { EventFeed } from '../event-feed';
import type { CommandApi } from './command-api';
import { messageOf } from './command-api';
import type { SeriesEditEntry, SeriesEditOutcome } from './series-edit';
import { applySeriesEdit, undoSeriesEdit } from './series-edit';
import type { TaskTransferEntry, TaskTransferRequest } from './task-transfer';
import { moveTaskAtomically, settleTaskTransfer, transferByCopies } from './task-transfer';

type Entry = SeriesEditEntry | TaskTransferEntry;

export interface CommandConnection {
  readonly account: Pick<Account, 'id' | 'kind'>;
  readonly api: CommandApi;
}

export interface CoreCommandsOptions {
  /** The journal's folder (see `commandJournalDir`). */
  readonly journalDir: string;
  /** The named account's connection, or the active one's; throws for an unknown account. */
  readonly connection: (account?: string) => CommandConnection;
  readonly feed?: EventFeed;
  readonly log: (message: string) => void;
  /**
   * Whether the account's service moves a task between lists itself (TasksTasksMove with
   * `destinationTasklist`). The embedded service and Google's Tasks API both do.
   */
  readonly movesBetweenLists?: (account: CommandConnection['account']) => boolean;
}

/**
 * Commands that need several API writes, run in the core so that a reloaded window cannot cut
 * them short, and journalled so that a quit or crash in the middle is undone at the next start.
 */
export class CoreCommands {
  private readonly journal: CommandJournal<Entry>;

  constructor(private readonly options: CoreCommandsOptions) {
    this.journal = new CommandJournal<Entry>(options.journalDir);
  }

  async applySeriesEdit(account: string | undefined, steps: readonly CalendarWriteStep[]): Promise<SeriesEditOutcome> {
    const connection = this.options.connection(account);
    return applySeriesEdit(connection.api, this.journal, connection.account.id, steps, this.options.log);
  }

  async moveTaskToList(account: string | undefined, request: TaskTransferRequest): Promise<unknown> {
    const connection = this.options.connection(account);
    const atomic = this.options.movesBetweenLists?.(connection.account) ?? true;
    try {
      return atomic
        ? await moveTaskAtomically(connection.api, request)
        : await transferByCopies(connection.api, this.journal, connection.account.id, request, this.options.log);
    } finally {
      // Either list may have changed, even when the move was refused half-way and undone.
      for (const list of new Set([request.tasklist, request.destination.tasklist]))
        this.options.feed?.changed(connection.account.id, { collection: 'tasks', key: list });
    }
  }

  /**
   * Undoes (or, for a transfer whose original was already being removed, finishes) every command
   * an earlier run left unfinished. What cannot be settled now (the account is offline) stays in
   * the journal for the next start.
   */
  async recover(): Promise<void> {
    const { log } = this.options;
    const unfinished = await this.journal.unfinished((file, error) =>
      log(`Unreadable command journal entry ${file}: ${messageOf(error)}`),
    );
    for (const { id, entry } of unfinished) {
      let connection: CommandConnection;
      try {
        connection = this.options.connection(entry.account);
      } catch {
        // The account was signed out since: its data is no longer ours to change.
        log(`Dropping an unfinished ${entry.kind} of account ${entry.account}, which is no longer signed in.`);
        await this.journal.finish(id);
        continue;
      }
      try {
        if (entry.kind === 'calendar.seriesEdit') {
          const left = await undoSeriesEdit(connection.api, entry.undo, log);
          if (left.length === 0) await this.journal.finish(id);
          else await this.journal.record(id, { ...entry, undo: left });
        } else {
          const settled = await settleTaskTransfer(connection.api, entry, log);
          if (settled.done) await this.journal.finish(id);
          else await this.journal.record(id, settled.entry);
        }
      } catch (error) {
        log(`Could not settle an unfinished ${entry.kind} yet: ${messageOf(error)}`);
      }
    }
  }
}
