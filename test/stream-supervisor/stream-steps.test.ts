/**
 * The transitions that concern the whole stream, exactly: what stopping closes and DELETEs, when a
 * refused frame ends the stream and with what error, and what the end of an overlap (or of the
 * connection it replaced) does.
 */
import { describe, expect, it } from '@jest/globals';
import { StreamFatalError } from '../../src/stream/stream-fatal-error.js';
import { INITIAL_STATE, type Overlap, type Phase, type SupervisorState } from '../../src/stream/supervisor/model.js';
import { connectionProblem, overlapOver, replacedEnded, stopStream } from '../../src/stream/supervisor/stream-steps.js';
import { SETTINGS } from './table.js';

const overlap = (fields: Partial<Overlap> & Pick<Overlap, 'successor'>): Overlap => ({ since: 1_000, replaced: undefined, oldKey: undefined, ...fields });
const stateIn = (phase: Phase, overlaps: readonly Overlap[] = []): SupervisorState => ({ ...INITIAL_STATE, phase, key: 'key-a', overlaps });

describe('stopStream', () => {
  it('closes the connections of the phase and of every overlap that still has one, and DELETEs the key', () => {
    const state = stateIn({ name: 'live', connection: 5 }, [overlap({ successor: 5, replaced: 4 }), overlap({ successor: 4, replaced: undefined })]);
    const { state: stopped, effects } = stopStream(state);
    expect(stopped).toMatchObject({ phase: { name: 'stopped' }, key: undefined, overlaps: [] });
    expect(effects).toStrictEqual([
      { type: 'close', connection: 5 },
      { type: 'close', connection: 4 },
      { type: 'close-key', key: 'key-a' },
    ]);
  });

  it('also DELETEs the new key of a key replacement under way, and only of a key replacement', () => {
    const replacing: Phase = { name: 'handover', purpose: 'replace-key', from: 5, to: 6, newKey: 'key-b' };
    expect(stopStream(stateIn(replacing)).effects).toStrictEqual([
      { type: 'close', connection: 6 },
      { type: 'close', connection: 5 },
      { type: 'close-key', key: 'key-a' },
      { type: 'close-key', key: 'key-b' },
    ]);
    const rollover: Phase = { name: 'handover', purpose: 'rollover', from: 5, to: 6 };
    expect(stopStream(stateIn(rollover)).effects).toStrictEqual([
      { type: 'close', connection: 6 },
      { type: 'close', connection: 5 },
      { type: 'close-key', key: 'key-a' },
    ]);
  });

  it('DELETEs nothing when it holds no key', () => {
    expect(stopStream({ ...stateIn({ name: 'waiting' }), key: undefined }).effects).toStrictEqual([]);
  });
});

describe('connectionProblem', () => {
  const problem = (code: 'malformed-frame' | 'unknown-frame' | 'subscription-refused') => ({ type: 'connection-problem', connection: 5, code, message: 'bad bytes', at: 2_000 }) as const;

  it.each(['malformed-frame', 'unknown-frame'] as const)('a %s with onMalformedFrame "error" ends the stream with a StreamFatalError naming it', (code) => {
    const { effects } = connectionProblem(stateIn({ name: 'live', connection: 5 }), problem(code), { ...SETTINGS, onMalformedFrame: 'error' });
    const failure = effects.find((effect) => effect.type === 'fail');
    expect(failure).toBeDefined();
    const error = failure?.type === 'fail' ? failure.error : undefined;
    expect(error).toBeInstanceOf(StreamFatalError);
    expect(error?.message).toBe('stream frame refused: bad bytes');
    expect((error?.cause as Error | undefined)?.message).toBe(code);
  });

  it('any other problem, or a bad frame with onMalformedFrame "report", is a diagnostic and nothing more', () => {
    const live = stateIn({ name: 'live', connection: 5 });
    expect(connectionProblem(live, problem('subscription-refused'), { ...SETTINGS, onMalformedFrame: 'error' })).toStrictEqual({
      state: live,
      effects: [{ type: 'diagnose', code: 'subscription-refused', message: 'bad bytes' }],
    });
    expect(connectionProblem(live, problem('malformed-frame'), { ...SETTINGS, onMalformedFrame: 'report' }).effects).toStrictEqual([
      { type: 'diagnose', code: 'malformed-frame', message: 'bad bytes' },
    ]);
  });
});

describe('overlapOver', () => {
  const live = (overlaps: readonly Overlap[]): SupervisorState => stateIn({ name: 'live', connection: 6 }, overlaps);

  it('ends only the overlap of its successor: closes the replaced connection, ends the tail, DELETEs the old key', () => {
    const mine = overlap({ successor: 6, replaced: 5, oldKey: 'key-old' });
    const other = overlap({ successor: 9, replaced: 8 });
    const { state, effects } = overlapOver(live([other, mine]), { type: 'overlap-over', successor: 6, replacedHealthyAt: 1_000, at: 2_000 });
    expect(state.overlaps).toStrictEqual([other]);
    expect(effects).toStrictEqual([
      { type: 'close', connection: 5 },
      { type: 'overlap-ends' },
      { type: 'close-key', key: 'key-old' },
    ]);
  });

  it('reports a gap when the replaced connection had not proved delivery up to the handover', () => {
    const { effects } = overlapOver(live([overlap({ successor: 6, replaced: 5 })]), { type: 'overlap-over', successor: 6, replacedHealthyAt: 400, at: 2_000 });
    expect(effects).toContainEqual({ type: 'emit', event: { type: 'gap', from: 400, to: 1_000, reason: 'stalled' } });
  });

  it('reports no gap for a replaced connection that already ended, or that the timer found nothing about', () => {
    const ended = overlapOver(live([overlap({ successor: 6, replaced: undefined })]), { type: 'overlap-over', successor: 6, replacedHealthyAt: 400, at: 2_000 });
    expect(ended.effects).toStrictEqual([{ type: 'overlap-ends' }]);
    const unknown = overlapOver(live([overlap({ successor: 6, replaced: 5 })]), { type: 'overlap-over', successor: 6, replacedHealthyAt: undefined, at: 2_000 });
    expect(unknown.effects).toStrictEqual([
      { type: 'close', connection: 5 },
      { type: 'overlap-ends' },
    ]);
  });

  it('an overlap no longer held changes nothing', () => {
    const state = live([overlap({ successor: 9, replaced: 8 })]);
    expect(overlapOver(state, { type: 'overlap-over', successor: 6, replacedHealthyAt: 400, at: 2_000 })).toStrictEqual({ state, effects: [] });
  });
});

describe('replacedEnded', () => {
  it('forgets only the connection that ended, keeping its overlap (its tail still runs), with a gap if it stalled', () => {
    const mine = overlap({ successor: 6, replaced: 5 });
    const other = overlap({ successor: 9, replaced: 8 });
    const state = stateIn({ name: 'live', connection: 6 }, [other, mine]);
    const stalled = replacedEnded(state, { type: 'connection-ended', connection: 5, reason: 'stalled', healthyAt: 600, at: 2_000 });
    expect(stalled.state.overlaps).toStrictEqual([other, { ...mine, replaced: undefined }]);
    expect(stalled.effects).toStrictEqual([{ type: 'emit', event: { type: 'gap', from: 600, to: 1_000, reason: 'stalled' } }]);
    const proved = replacedEnded(state, { type: 'connection-ended', connection: 5, reason: 'closed-by-server', healthyAt: 1_000, at: 2_000 });
    expect(proved.effects).toStrictEqual([]);
  });

  it('a connection in no overlap changes nothing', () => {
    const state = stateIn({ name: 'live', connection: 6 }, [overlap({ successor: 9, replaced: 8 })]);
    expect(replacedEnded(state, { type: 'connection-ended', connection: 5, reason: 'stalled', healthyAt: 0, at: 2_000 })).toStrictEqual({ state, effects: [] });
  });
});
