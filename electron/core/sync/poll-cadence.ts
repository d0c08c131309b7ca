export interface PollIntervals {
  readonly focusedPollMs: number;
  readonly unfocusedPollMs: number;
  readonly tasksFocusedPollMs: number;
  readonly tasksUnfocusedPollMs: number;
}

/**
 * How often to poll what cannot push: quickly while an Atrium window has focus (the person is
 * looking), slowly while none has. The renderer reports focus over IPC (`app.focus`).
 */
export class PollCadence {
  private focusedNow = true;
  private readonly listeners = new Set<(focused: boolean) => void>();

  constructor(readonly intervals: PollIntervals) {}

  get focused(): boolean {
    return this.focusedNow;
  }

  setFocused(focused: boolean): void {
    if (focused === this.focusedNow) return;
    this.focusedNow = focused;
    for (const listener of [...this.listeners]) listener(focused);
  }

  onChange(listener: (focused: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Wait between polls of Calendar and Drive. */
  apiInterval(): number {
    return this.focusedNow ? this.intervals.focusedPollMs : this.intervals.unfocusedPollMs;
  }

  /** Wait between polls of Tasks. */
  tasksInterval(): number {
    return this.focusedNow ? this.intervals.tasksFocusedPollMs : this.intervals.tasksUnfocusedPollMs;
  }
}
