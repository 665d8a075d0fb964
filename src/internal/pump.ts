/**
 * The project's one re-entrant pump. A pump drains something (a queue of waiting calls, a
 * mailbox of inputs) and what it hands out may call straight back in (a subscriber that releases
 * its permit at once, an inner Observable that completes at once, an event that feeds another
 * input). Called from inside its own drain, the pump does not recurse: it asks the running drain
 * for one more pass, so the stack stays flat however long the chain, and nothing is drained in
 * the middle of a pass that is changing it.
 *
 * @module
 */

/**
 * Runs `drain`, one pass at a time, never inside itself.
 *
 * @example
 * ```ts
 * const pump = new Pump(() => {
 *   while (limiter.hasRoom() && queue.length > 0) queue.shift()?.go(); // go() may call pump.run()
 * });
 * pump.run();
 * ```
 */
export class Pump {
  private draining = false;
  private again = false;

  /**
   * @param drain One pass. It may call {@link Pump.run}: that asks for another pass after this one.
   * @param maxPasses Most passes one outermost run makes (a bound on a feedback loop); the default, none.
   */
  constructor(
    private readonly drain: () => void,
    private readonly maxPasses = Infinity,
  ) {}

  /** Whether a pass is running (the caller is inside the drain). */
  get busy(): boolean {
    return this.draining;
  }

  /**
   * Drains now; from inside the drain, marks one more pass to run once the current one ends. An
   * error thrown by the drain leaves the pump ready for the next run, and propagates.
   */
  run(): void {
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = true;
    try {
      let passes = 0;
      do {
        this.again = false;
        this.drain();
        passes += 1;
      } while (this.again && passes < this.maxPasses);
    } finally {
      this.draining = false;
      this.again = false;
    }
  }
}
