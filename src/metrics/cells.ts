/**
 * Running totals read by an asynchronous instrument: one cell per attribute set, which the
 * instrument reads when the provider collects. Counting is adding one to a number (no attribute
 * hashing per count), and every client's counts of one attribute set add up in one cell.
 *
 * @module
 */
import type { MetricAttributes, ObservableLike } from './meter-types.js';

/** A running total of one attribute set. */
export interface Cell {
  value: number;
  readonly attributes: MetricAttributes;
}

/** The running totals of one asynchronous instrument, by attribute set. */
export class Cells {
  private readonly byKey = new Map<string, Cell>();

  constructor(instrument: ObservableLike) {
    instrument.addCallback((result) => {
      for (const cell of this.byKey.values()) result.observe(cell.value, cell.attributes);
    });
  }

  /**
   * The cell of `attributes`, made on first use.
   *
   * @example
   * ```ts
   * cells.of({ kind: 'order' }).value += 1;
   * ```
   */
  of(attributes: MetricAttributes): Cell {
    const key = JSON.stringify(attributes);
    let cell = this.byKey.get(key);
    if (cell === undefined) {
      cell = { value: 0, attributes };
      this.byKey.set(key, cell);
    }
    return cell;
  }
}
