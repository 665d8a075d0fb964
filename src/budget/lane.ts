/**
 * One counted budget of the request budget: the units one endpoint may spend per window in one
 * scope (this IP, or one account). A lane counts a request from the moment it is let through until
 * `windowMs + safetyMarginMs` after its answer came back (or it was given up), so whatever window
 * the service counts in, wherever that window starts and however late the request arrives, no
 * window can hold more than the limit (docs/rate-limits.md, "Why counting from the answer").
 *
 * The functions here are the lane's whole policy, on plain data; the queue and timers that use them
 * are in `request-budget.ts`.
 *
 * @module
 */

/** A lane's state. Release times are appended in the order requests finish, so they ascend. */
export interface Lane {
  /** Units per window. */
  readonly limit: number;
  /** Units of requests let through and not finished yet. */
  inFlight: number;
  /** When each finished request stops counting (ascending), from index `head` on. */
  readonly releaseAt: number[];
  /** The units of each entry of `releaseAt`. */
  readonly releaseUnits: number[];
  /** First entry still counted. */
  head: number;
  /** Units of the entries from `head` on. */
  counted: number;
  /** Until when the service asked this lane to pause (a 429 on this endpoint); `-Infinity` when not. */
  pausedUntil: number;
}

/**
 * A lane with nothing counted.
 *
 * @example
 * ```ts
 * const lane = newLane(500);
 * ```
 */
export function newLane(limit: number): Lane {
  return { limit, inFlight: 0, releaseAt: [], releaseUnits: [], head: 0, counted: 0, pausedUntil: -Infinity };
}

/**
 * Drops the entries released by `now`, compacting the arrays once most of them is dead. The one
 * queue outside the kit's `Queue` (src/internal/queue.ts), on purpose: this runs for every account
 * in every turn of the budget, and two plain number arrays read by index kept the budget's queued
 * path about 1.15x faster than two kit queues did (docs/architecture.md, "The internal kit").
 */
function prune(lane: Lane, now: number): void {
  const { releaseAt, releaseUnits } = lane;
  while (lane.head < releaseAt.length && (releaseAt[lane.head] ?? Infinity) <= now) {
    lane.counted -= releaseUnits[lane.head] ?? 0;
    lane.head += 1;
  }
  if (lane.head > 256 && lane.head * 2 > releaseAt.length) {
    releaseAt.splice(0, lane.head);
    releaseUnits.splice(0, lane.head);
    lane.head = 0;
  }
}

/**
 * Units counted at `now`: in flight, plus finished within the window.
 *
 * @example
 * ```ts
 * laneUsed(lane, scheduler.now()); // 120
 * ```
 */
export function laneUsed(lane: Lane, now: number): number {
  prune(lane, now);
  return lane.inFlight + lane.counted;
}

/**
 * Whether `units` more fit at `now` (a pause is not looked at here).
 *
 * @example
 * ```ts
 * if (laneHasRoom(lane, 1, now)) laneTake(lane, 1);
 * ```
 */
export function laneHasRoom(lane: Lane, units: number, now: number): boolean {
  return laneUsed(lane, now) + units <= lane.limit;
}

/**
 * Counts a request let through.
 *
 * @example
 * ```ts
 * laneTake(lane, 1);
 * ```
 */
export function laneTake(lane: Lane, units: number): void {
  lane.inFlight += units;
}

/**
 * A request let through is over: its units count on until `releaseAt`.
 *
 * @example
 * ```ts
 * laneSettle(lane, 1, now + windowMs + safetyMarginMs);
 * ```
 */
export function laneSettle(lane: Lane, units: number, releaseAt: number): void {
  lane.inFlight -= units;
  lane.counted += units;
  const last = lane.releaseAt.length - 1;
  // Requests finished in the same millisecond share one entry (a busy lane keeps a short log).
  if (last >= lane.head && lane.releaseAt[last] === releaseAt) {
    lane.releaseUnits[last] = (lane.releaseUnits[last] ?? 0) + units;
    return;
  }
  lane.releaseAt.push(releaseAt);
  lane.releaseUnits.push(units);
}

/**
 * When the oldest counted request stops counting, or `undefined` when only requests in flight
 * (or nothing) count: room then comes only when one of them finishes.
 *
 * @example
 * ```ts
 * laneNextRelease(lane); // 1700000010100
 * ```
 */
export function laneNextRelease(lane: Lane): number | undefined {
  return lane.releaseAt[lane.head];
}

/**
 * Whether the lane counts nothing at `now` and is not paused: it can be forgotten.
 *
 * @example
 * ```ts
 * if (laneIdle(lane, now)) lanes.delete(key);
 * ```
 */
export function laneIdle(lane: Lane, now: number): boolean {
  return laneUsed(lane, now) === 0 && lane.pausedUntil <= now;
}
