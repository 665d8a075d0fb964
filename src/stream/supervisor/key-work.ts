/**
 * The listen-key requests of a stream that must end before its stop is over: the creations under
 * way (a key that comes after the stop is DELETEd) and every DELETE (never cancelled: it must reach
 * the service after the end). The stop is over once none is left; {@link KeyWork.finished} then
 * tells what came of the keys.
 *
 * @module
 */
import { maskListenKey } from '../lifecycle.js';

/** What a stopped stream's listen keys came to, once every request it had started has ended. */
export interface StopReport {
  /**
   * Keys the stream made whose DELETE failed (the service unreachable, the IP banned, a key source
   * whose `close` threw or rejected), masked as the lifecycle events show keys (`abcd…wxyz`): each
   * stays valid on the service until it expires (60 minutes after its last keepalive).
   */
  readonly keysNotClosed: readonly string[];
  /**
   * Key creations under way at the stop that failed without an answer (a time-out, a network
   * failure): each may have made a key nobody knows, valid for 60 minutes.
   */
  readonly creationsUnanswered: number;
}

/**
 * Counts a stream's key requests under way and collects the keys not closed.
 *
 * @example
 * ```ts
 * const work = new KeyWork();
 * const done = work.begin();
 * work.stop();
 * done(); // now work.finished resolves
 * ```
 */
export class KeyWork {
  private pending = 0;
  private stopped = false;
  private unanswered = 0;
  private readonly notClosed = new Set<string>();
  /** Keys whose DELETE is under way. */
  private readonly closing = new Set<string>();
  /** Creations under way. */
  private creating = 0;
  private resolve: (report: StopReport) => void = () => undefined;
  /** Resolves once the stream has stopped and every request counted has ended. Never rejects. */
  readonly finished: Promise<StopReport> = new Promise<StopReport>((resolve) => (this.resolve = resolve));

  /**
   * A request begins: the DELETE of `key`, or without a key a creation. Call the function returned
   * when it ends (once; later calls do nothing).
   *
   * @example
   * ```ts
   * const done = work.begin(key);
   * source.close(key).subscribe({ complete: done, error: done });
   * ```
   */
  begin(key?: string): () => void {
    this.pending += 1;
    if (key === undefined) this.creating += 1;
    else this.closing.add(key);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.pending -= 1;
      if (key === undefined) this.creating -= 1;
      else this.closing.delete(key);
      this.check();
    };
  }

  /**
   * What the keys came to so far, counting what is still under way as lost: a DELETE under way as
   * a key not closed, a creation under way as one unanswered (for a close that stops waiting).
   *
   * @example
   * ```ts
   * work.snapshot(); // { keysNotClosed: ['key-…aaaa'], creationsUnanswered: 0 } while that DELETE runs
   * ```
   */
  snapshot(): StopReport {
    const keys = new Set([...this.notClosed, ...this.closing]);
    return { keysNotClosed: [...keys].map(maskListenKey), creationsUnanswered: this.unanswered + this.creating };
  }

  /** A key's DELETE failed: it is not closed. */
  notClosedKey(key: string): void {
    this.notClosed.add(key);
  }

  /** A creation under way at the stop failed without an answer. */
  creationUnanswered(): void {
    this.unanswered += 1;
  }

  /** The stream stopped: {@link finished} resolves once nothing is under way. */
  stop(): void {
    this.stopped = true;
    this.check();
  }

  private check(): void {
    if (!this.stopped || this.pending > 0) return;
    this.resolve(this.snapshot());
  }
}
