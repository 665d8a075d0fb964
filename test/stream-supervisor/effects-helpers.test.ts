/**
 * The supervisor's small helpers, exactly: which connections a phase holds (the one opening
 * first), whether a connection is the stream's, and the text of whatever was thrown.
 */
import { describe, expect, it } from '@jest/globals';
import { errorText, holds, phaseConnections } from '../../src/stream/supervisor/effects.js';
import { INITIAL_STATE, type Overlap, type Phase, type SupervisorState } from '../../src/stream/supervisor/model.js';

const stateIn = (phase: Phase, overlaps: readonly Overlap[] = []): SupervisorState => ({ ...INITIAL_STATE, phase, overlaps });

describe('phaseConnections', () => {
  it('lists the connections of the phase itself, the one opening first (never an undefined one)', () => {
    expect(phaseConnections({ name: 'connecting', connection: 3 })).toStrictEqual([3]);
    expect(phaseConnections({ name: 'live', connection: 3 })).toStrictEqual([3]);
    expect(phaseConnections({ name: 'renewing', from: 3 })).toStrictEqual([3]);
    expect(phaseConnections({ name: 'renewing', from: undefined })).toStrictEqual([]);
    expect(phaseConnections({ name: 'handover', purpose: 'rollover', from: 3, to: 4 })).toStrictEqual([4, 3]);
    expect(phaseConnections({ name: 'handover', purpose: 'replace-key', from: undefined, to: 4, newKey: 'k' })).toStrictEqual([4]);
    for (const name of ['idle', 'acquiring', 'waiting', 'stopped'] as const) expect(phaseConnections({ name })).toStrictEqual([]);
  });
});

describe('holds', () => {
  it('holds the connection of a connecting or live phase, and no other', () => {
    for (const name of ['connecting', 'live'] as const) {
      expect(holds(stateIn({ name, connection: 3 }), 3)).toBe(true);
      expect(holds(stateIn({ name, connection: 3 }), 4)).toBe(false);
    }
  });

  it('holds the connection a renewal keeps, and none when it keeps none', () => {
    expect(holds(stateIn({ name: 'renewing', from: 3 }), 3)).toBe(true);
    expect(holds(stateIn({ name: 'renewing', from: 3 }), 4)).toBe(false);
    expect(holds(stateIn({ name: 'renewing', from: undefined }), 3)).toBe(false);
  });

  it('holds both sides of a handover, and no third', () => {
    const phase: Phase = { name: 'handover', purpose: 'rollover', from: 3, to: 4 };
    expect(holds(stateIn(phase), 3)).toBe(true);
    expect(holds(stateIn(phase), 4)).toBe(true);
    expect(holds(stateIn(phase), 5)).toBe(false);
    expect(holds(stateIn({ name: 'handover', purpose: 'rollover', from: undefined, to: 4 }), 3)).toBe(false);
  });

  it('holds a replaced connection still in an overlap, and only that one', () => {
    const overlap: Overlap = { successor: 4, since: 0, replaced: 3, oldKey: undefined };
    expect(holds(stateIn({ name: 'live', connection: 4 }, [overlap]), 3)).toBe(true);
    expect(holds(stateIn({ name: 'live', connection: 4 }, [overlap]), 5)).toBe(false);
    expect(holds(stateIn({ name: 'waiting' }, [overlap]), 3)).toBe(true);
    expect(holds(stateIn({ name: 'waiting' }), 3)).toBe(false);
  });
});

describe('errorText', () => {
  it('takes the message of an error or of an object with a text message, else the value as text', () => {
    expect(errorText(new Error('boom'))).toBe('boom');
    expect(errorText({ message: 'plain object' })).toBe('plain object');
    expect(errorText({ message: 42 })).toBe('[object Object]');
    expect(errorText(null)).toBe('null');
    expect(errorText('text thrown')).toBe('text thrown');
    expect(errorText(7)).toBe('7');
  });
});
