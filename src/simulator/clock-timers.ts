/**
 * The timer queue of a {@link ./clock.ts SimClock}: callbacks waiting for a clock time, kept in
 * order of due time (first come, first served among equal times). Pure data: when the callbacks
 * run is the clock's business.
 *
 * @module
 */

/** One waiting callback. */
export interface ClockTimer {
  /** Clock time (epoch ms) at which it is due. */
  readonly due: number;
  /** Order of creation, to keep equal due times first come, first served. */
  readonly seq: number;
  readonly callback: () => void;
}

/** Timers in order of due time. */
export class TimerQueue {
  private readonly timers: ClockTimer[] = [];
  private seq = 0;

  /** Number of waiting timers. */
  get size(): number {
    return this.timers.length;
  }

  /**
   * Adds a timer due at `due`; it runs after every timer already waiting for the same time.
   *
   * @example
   * ```ts
   * const queue = new TimerQueue();
   * const timer = queue.add(clock.now() + 1000, () => console.log('a second later'));
   * queue.remove(timer);
   * ```
   */
  add(due: number, callback: () => void): ClockTimer {
    const timer: ClockTimer = { due, seq: ++this.seq, callback };
    // Binary search for the first timer due strictly later.
    let low = 0;
    let high = this.timers.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const other = this.timers[mid];
      if (other !== undefined && other.due <= due) low = mid + 1;
      else high = mid;
    }
    this.timers.splice(low, 0, timer);
    return timer;
  }

  /**
   * Removes a timer; `false` when it already ran or was removed.
   *
   * @example
   * ```ts
   * queue.remove(timer); // true the first time
   * ```
   */
  remove(timer: ClockTimer): boolean {
    const index = this.timers.indexOf(timer);
    if (index < 0) return false;
    this.timers.splice(index, 1);
    return true;
  }

  /**
   * The earliest timer, without removing it.
   *
   * @example
   * ```ts
   * queue.peek()?.due;
   * ```
   */
  peek(): ClockTimer | undefined {
    return this.timers[0];
  }

  /**
   * Removes and returns the earliest timer when it is due at or before `time`.
   *
   * @example
   * ```ts
   * for (let timer = queue.takeDue(now); timer; timer = queue.takeDue(now)) timer.callback();
   * ```
   */
  takeDue(time: number): ClockTimer | undefined {
    const first = this.timers[0];
    if (first === undefined || first.due > time) return undefined;
    this.timers.shift();
    return first;
  }

  /**
   * Drops every timer.
   *
   * @example
   * ```ts
   * queue.clear();
   * ```
   */
  clear(): void {
    this.timers.length = 0;
  }
}
