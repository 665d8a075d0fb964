/**
 * What the streams delivered, counted by the program itself per kind of market event: the figures
 * `mexc_rx_stream_events_total{kind=...}` must agree with.
 */
import { isMarketEvent, type TaggedEvent } from '../../src/index.js';

/** Market events delivered, per kind. */
export interface DeliveredCounts {
  readonly account: number;
  readonly deal: number;
  readonly order: number;
}

/** A running count of the market events seen. */
export interface DeliveredTally {
  /** Counts `tagged` when it is a market event (`account`, `deal`, `order`). */
  note(tagged: TaggedEvent): void;
  /** The counts so far. */
  counts(): DeliveredCounts;
}

/**
 * A tally starting at zero.
 *
 * @example
 * ```ts
 * const tally = deliveredTally();
 * events$.subscribe((tagged) => tally.note(tagged));
 * tally.counts(); // { account: 1832, deal: 412, order: 967 }
 * ```
 */
export function deliveredTally(): DeliveredTally {
  const counts = { account: 0, deal: 0, order: 0 };
  return {
    note({ event }) {
      if (isMarketEvent(event)) counts[event.type] += 1;
    },
    counts: () => ({ ...counts }),
  };
}
