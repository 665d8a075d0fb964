/**
 * The ledger's adjustments (locking and releasing for orders) at their boundaries, called
 * directly: locking exactly everything available, one unit more, releasing more than is locked,
 * and a change of nothing, which announces nothing.
 */
import { describe, expect, it } from '@jest/globals';
import { adjust, balancesOf, credit } from '../../src/simulator/ledger.js';
import { SIM_CODES } from '../../src/simulator/errors.js';
import { createWorld, type SimEvent, type World } from '../../src/simulator/state.js';
import { simCodeOf } from './helpers.js';

const UID = 'u1';
const at = { uid: UID, accountType: 'SPOT', asset: 'USDT', reason: 'order-place', time: 1 } as const;

/** A world where UID holds 100 USDT available, and the events it announces from then on. */
function funded(): { world: World; events: SimEvent[] } {
  const world = createWorld();
  credit(world, { ...at, amount: 100n, reason: 'fund' });
  const events: SimEvent[] = [];
  world.events.subscribe((e) => events.push(e));
  return { world, events };
}

const line = (world: World): string => balancesOf(world, UID).map((b) => `${b.free}/${b.locked}`).join(' ');

const refusal = simCodeOf;

describe('adjust', () => {
  it('locks exactly everything available', () => {
    const { world, events } = funded();
    adjust(world, { ...at, freeChange: -100n, lockedChange: 100n });
    expect(line(world)).toBe(`0/${formatUnits(100n)}`);
    expect(events).toHaveLength(1);
  });

  it('refuses to lock one unit more than is available, and changes and announces nothing', () => {
    const { world, events } = funded();
    const before = line(world);
    expect(refusal(() => adjust(world, { ...at, freeChange: -101n, lockedChange: 101n }))).toBe(SIM_CODES.insufficientBalance);
    expect(() => adjust(world, { ...at, freeChange: -101n, lockedChange: 101n })).toThrow('Insufficient balance of USDT in SPOT');
    expect(line(world)).toBe(before);
    expect(events).toEqual([]);
  });

  it('refuses to release more than is locked, even with enough available', () => {
    const { world, events } = funded();
    adjust(world, { ...at, freeChange: -10n, lockedChange: 10n });
    const before = line(world);
    expect(refusal(() => adjust(world, { ...at, freeChange: 11n, lockedChange: -11n }))).toBe(SIM_CODES.insufficientBalance);
    expect(line(world)).toBe(before);
    expect(events).toHaveLength(1);
    // Releasing exactly what is locked is fine.
    adjust(world, { ...at, freeChange: 10n, lockedChange: -10n });
    expect(line(world)).toBe(`${formatUnits(100n)}/0`);
  });

  it('announces nothing and opens no line for a change of nothing', () => {
    const { world, events } = funded();
    adjust(world, { ...at, asset: 'BTC', freeChange: 0n, lockedChange: 0n });
    expect(events).toEqual([]);
    expect(balancesOf(world, UID).map((b) => b.asset)).toEqual(['USDT']);
  });
});

/** `units` of 10^-30 as the ledger writes them. */
function formatUnits(units: bigint): string {
  const text = units.toString().padStart(31, '0');
  return `${text.slice(0, -30)}.${text.slice(-30)}`.replace(/\.?0+$/, '');
}
