import { describe, expect, it } from '@jest/globals';
import { TestScheduler } from 'rxjs/testing';
import { createStartPacer, type Permit } from '../../src/scale/start-pacer.js';

function scheduler(): TestScheduler {
  return new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
}

describe('createStartPacer (virtual time)', () => {
  it('spaces grants by 1000 / perSecond ms, in the order asked', () => {
    const s = scheduler();
    s.run(({ flush }) => {
      const pacer = createStartPacer({ maxConcurrent: Infinity, perSecond: 4, scheduler: s });
      const grants: [number, number][] = [];
      for (let i = 0; i < 5; i++) pacer.acquire().subscribe(() => grants.push([i, s.now()]));
      flush();
      expect(grants).toEqual([
        [0, 0],
        [1, 250],
        [2, 500],
        [3, 750],
        [4, 1000],
      ]);
    });
  });

  it('never has more than maxConcurrent permits out, and grants the next on release', () => {
    const s = scheduler();
    s.run(({ flush }) => {
      const pacer = createStartPacer({ maxConcurrent: 2, perSecond: Infinity, scheduler: s });
      const grants: [number, number][] = [];
      let peak = 0;
      for (let i = 0; i < 6; i++) {
        pacer.acquire().subscribe((permit: Permit) => {
          grants.push([i, s.now()]);
          peak = Math.max(peak, pacer.active);
          // Each start takes 100 ms; releasing twice is harmless.
          s.schedule(() => {
            permit.release();
            permit.release();
          }, 100);
        });
      }
      expect(pacer.waiting).toBe(4);
      flush();
      expect(peak).toBe(2);
      expect(grants.map(([, at]) => at)).toEqual([0, 0, 100, 100, 200, 200]);
      expect(pacer.active).toBe(0);
    });
  });

  it('drops a request unsubscribed before its turn, and stops granting once closed', () => {
    const s = scheduler();
    s.run(({ flush }) => {
      const pacer = createStartPacer({ maxConcurrent: 1, perSecond: Infinity, scheduler: s });
      const granted: string[] = [];
      let first: Permit | undefined;
      pacer.acquire().subscribe((permit) => {
        granted.push('a');
        first = permit;
      });
      const b = pacer.acquire().subscribe(() => granted.push('b'));
      pacer.acquire().subscribe(() => granted.push('c'));
      b.unsubscribe();
      expect(pacer.waiting).toBe(1);
      first?.release();
      expect(granted).toEqual(['a', 'c']);
      pacer.close();
      pacer.acquire().subscribe(() => granted.push('d'));
      flush();
      expect(granted).toEqual(['a', 'c']);
    });
  });
});
