/**
 * What a connection knows about its own health: up to when everything the service sent is known to
 * have arrived, and the PINGs still waiting for their PONG, with the deadline that runs from the
 * oldest of them.
 *
 * @module
 */
import type { SchedulerLike, Subscription } from 'rxjs';
import { scheduleInSteps } from '../long-delays.js';

/** Tracks PING/PONG and the moment up to which delivery is proven. */
export class Liveness {
  /** Everything the service sent up to this moment (epoch ms) has arrived; it only moves forward. */
  private healthyAt: number;
  /** When each PING still unanswered was sent, oldest first (PONGs come back in order). */
  private readonly pingsSentAt: number[] = [];
  private pongDeadline: Subscription | undefined;

  /**
   * @param scheduler the connection's clock and timers
   * @param pingTimeoutMs how long a PING may wait for its PONG
   * @param onStalled called when the oldest PING's deadline passes
   * @example
   * ```ts
   * const liveness = new Liveness(scheduler, 10_000, () => end('stalled'));
   * ```
   */
  constructor(
    private readonly scheduler: SchedulerLike,
    private readonly pingTimeoutMs: number,
    private readonly onStalled: () => void,
  ) {
    this.healthyAt = scheduler.now();
  }

  /** The latest moment up to which delivery is proven. */
  get lastHealthyAt(): number {
    return this.healthyAt;
  }

  /** Everything the service sent up to `time` has arrived. */
  deliveredUpTo(time: number): void {
    if (time > this.healthyAt) this.healthyAt = time;
  }

  /** A PING was sent now. */
  pingSent(): void {
    this.pingsSentAt.push(this.scheduler.now());
    if (this.pingsSentAt.length === 1) this.armDeadline();
  }

  /**
   * A PONG arrived: the oldest PING is answered, and what was sent before it has arrived. Returns
   * that PING's round trip, ms (`undefined` for a PONG no PING asked for).
   */
  pongReceived(): number | undefined {
    const sentAt = this.pingsSentAt.shift();
    if (sentAt === undefined) return undefined;
    this.deliveredUpTo(sentAt);
    this.armDeadline();
    return this.scheduler.now() - sentAt;
  }

  /** Stops the deadline. */
  stop(): void {
    this.pongDeadline?.unsubscribe();
    this.pongDeadline = undefined;
  }

  /** The deadline runs from the oldest unanswered PING: a later PING never pushes it back. */
  private armDeadline(): void {
    this.stop();
    const oldest = this.pingsSentAt[0];
    if (oldest === undefined) return;
    this.pongDeadline = scheduleInSteps(this.scheduler, () => this.onStalled(), oldest + this.pingTimeoutMs - this.scheduler.now());
  }
}
