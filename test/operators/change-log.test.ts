/**
 * The change log behind each snapshot's `changed` and `removed`: keys in the order they first
 * changed, each key in the list of its last fate only (a removed key no longer among the changed, a
 * key made again no longer among the removed), each list handed over once, and one shared frozen
 * empty list when there is nothing to hand over.
 */
import { describe, expect, it } from '@jest/globals';
import { ChangeLog } from '../../src/operators/state/change-log.js';

describe('ChangeLog', () => {
  it('hands over the changed keys once, in the order they first changed', () => {
    const log = new ChangeLog();
    log.change('b');
    log.change('a');
    log.change('b');
    expect(log.takeChanged()).toEqual(['b', 'a']);
    expect(log.takeChanged()).toEqual([]);
    log.change('c');
    expect(log.takeChanged()).toEqual(['c']);
  });

  it('hands over the removed keys once, counting them until then; a removed key is no longer changed', () => {
    const log = new ChangeLog();
    log.change('a');
    log.change('b');
    log.remove('a');
    log.remove('z');
    expect(log.removedCount).toBe(2);
    expect(log.takeChanged()).toEqual(['b']);
    expect(log.takeRemoved()).toEqual(['a', 'z']);
    expect(log.removedCount).toBe(0);
    expect(log.takeRemoved()).toEqual([]);
    log.remove('b');
    expect([log.removedCount, log.takeRemoved()]).toEqual([1, ['b']]);
  });

  it('keeps each key in the list of its last fate: removed then made again is changed only, each key listed once', () => {
    const log = new ChangeLog();
    log.change('a');
    log.remove('a');
    log.remove('b');
    log.change('a');
    log.change('b');
    log.remove('b');
    expect(log.removedCount).toBe(1);
    expect([log.takeChanged(), log.takeRemoved()]).toEqual([['a'], ['b']]);
  });

  it('hands over one shared, frozen empty list when nothing changed or was removed', () => {
    const log = new ChangeLog();
    const changed = log.takeChanged();
    const removed = log.takeRemoved();
    expect(changed).toEqual([]);
    expect(Object.isFrozen(changed)).toBe(true);
    expect(removed).toBe(changed);
    expect(new ChangeLog().takeChanged()).toBe(changed);
    log.change('a');
    const once = log.takeChanged();
    expect(Object.isFrozen(once)).toBe(false);
    expect(log.takeChanged()).toBe(changed);
  });
});
