/**
 * replaySession on a TestScheduler: the events come in the recorded order, at the recorded pace
 * (or faster, or at once), an hour in virtual time; dropped copies stay dropped, lifecycle events
 * come as recorded, a hole in the recording is a gap; lines that cannot be read are reported and
 * skipped; a recording that cannot be read at all fails the replay with a typed error.
 */
import { describe, expect, it } from '@jest/globals';
import { map, toArray } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { RecordingFormatError, ValidationError, replaySession, type RecordingDiagnostic, type UserDataEvent } from '../../src/index.js';
import type { ReplayOptions } from '../../src/recording/replay-session.js';
import { createRecordingWriter } from '../../src/recording/write-recording.js';
import { encodeJsonFrame, encodePushFrame } from '../../src/simulator/ws/encode-frame.js';
import { accountEvent, dealEvent, orderEvent } from '../stream/fixtures.js';
import { headerLine, STARTED_AT } from './support.js';

const SECOND = 1000;
const HOUR = 3_600_000;

/** An hour's session: connected, three pushes (one dropped as a copy), a PONG, a hole, a gap. */
function hourLines(): string[] {
  const w = createRecordingWriter();
  const at = (ms: number) => STARTED_AT + ms;
  return [
    headerLine(),
    w.frame({ connection: 1, at: at(400), data: '{"id":0,"code":0,"msg":"spot@private.account.v3.api.pb"}' }),
    w.lifecycle({ at: at(400), event: { type: 'connected', connection: 1, listenKey: 'pqia…65a1', at: at(400) } }),
    w.frame({ connection: 1, at: at(1 * SECOND), data: encodePushFrame(accountEvent) }),
    w.frame({ connection: 1, at: at(20 * SECOND), data: '{"id":0,"code":0,"msg":"PONG"}' }),
    w.frame({ connection: 1, at: at(61 * SECOND), data: encodeJsonFrame({ ...dealEvent, channel: 'spot@private.deals.v3.api' }) }),
    w.frame({ connection: 2, at: at(61 * SECOND + 5), data: encodePushFrame(dealEvent), dropped: true }),
    w.overflow({ at: at(30 * 60_000), since: at(29 * 60_000), records: 40 }),
    w.lifecycle({ at: at(HOUR - 10), event: { type: 'gap', from: at(HOUR - 5000), to: at(HOUR - 10), reason: 'closed-by-server' } }),
    w.frame({ connection: 3, at: at(HOUR), data: encodePushFrame(orderEvent) }),
  ];
}

/** Replays `lines` on a TestScheduler; the events with the virtual time each came at. */
function timed(lines: readonly string[], options: ReplayOptions = {}): { readonly at: number; readonly type: string }[] {
  const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
  const seen: { at: number; type: string }[] = [];
  scheduler.run(() => {
    replaySession(lines, { ...options, scheduler }).subscribe((event) => seen.push({ at: scheduler.now(), type: event.type }));
  });
  return seen;
}

describe('replaySession, paced', () => {
  it('plays an hour at the recorded pace in virtual time: each event at its offset from the start', () => {
    expect(timed(hourLines(), { pace: 'recorded' })).toEqual([
      { at: 400, type: 'connected' },
      { at: 1 * SECOND, type: 'account' },
      { at: 61 * SECOND, type: 'deal' },
      { at: 30 * 60_000, type: 'gap' },
      { at: HOUR - 10, type: 'gap' },
      { at: HOUR, type: 'order' },
    ]);
  });

  it('plays faster or slower by the factor asked', () => {
    const recorded = timed(hourLines(), { pace: 'recorded' });
    expect(timed(hourLines(), { pace: 'recorded', speed: 10 })).toEqual(recorded.map((e) => ({ ...e, at: e.at / 10 })));
    expect(timed(hourLines(), { pace: 'recorded', speed: 0.5 })).toEqual(recorded.map((e) => ({ ...e, at: e.at * 2 })));
  });

  it('plays everything on the next turn, in order, as fast as possible (the default)', () => {
    expect(timed(hourLines())).toEqual(['connected', 'account', 'deal', 'gap', 'gap', 'order'].map((type) => ({ at: 0, type })));
  });

  it('keeps the file order when recorded times go backwards (a clock stepped back)', () => {
    const w = createRecordingWriter();
    const lines = [headerLine(), w.frame({ connection: 1, at: STARTED_AT + 5000, data: encodePushFrame(accountEvent) }), w.frame({ connection: 1, at: STARTED_AT + 2000, data: encodePushFrame(orderEvent) })];
    expect(timed(lines, { pace: 'recorded' })).toEqual([
      { at: 5000, type: 'account' },
      { at: 5000, type: 'order' },
    ]);
  });

  it('stops when its subscriber leaves: nothing more is read or emitted', () => {
    const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
    const seen: string[] = [];
    scheduler.run(() => {
      const subscription = replaySession(hourLines(), { pace: 'recorded', scheduler }).subscribe((event) => seen.push(event.type));
      scheduler.schedule(() => subscription.unsubscribe(), 2 * SECOND);
    });
    expect(seen).toEqual(['connected', 'account']);
  });
});

describe('replaySession, what comes out', () => {
  it('gives the events the frames decode to, the lifecycle events as recorded, a gap for a hole, nothing for a dropped copy or a control reply', () => {
    const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
    let events: UserDataEvent[] = [];
    scheduler.run(() => {
      replaySession(hourLines(), { scheduler }).pipe(toArray()).subscribe((all) => (events = all));
    });
    expect(events).toEqual([
      { type: 'connected', connection: 1, listenKey: 'pqia…65a1', at: STARTED_AT + 400 },
      accountEvent,
      { ...dealEvent, channel: 'spot@private.deals.v3.api' },
      { type: 'gap', from: STARTED_AT + 29 * 60_000, to: STARTED_AT + 30 * 60_000, reason: 'not-recorded' },
      { type: 'gap', from: STARTED_AT + HOUR - 5000, to: STARTED_AT + HOUR - 10, reason: 'closed-by-server' },
      orderEvent,
    ]);
  });

  it('shares one run among the subscribers of one turn, like the live stream, and starts a new run for a later one', () => {
    const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
    const first: string[] = [];
    const second: string[] = [];
    const later: string[] = [];
    scheduler.run(() => {
      const session = replaySession(hourLines(), { scheduler });
      session.subscribe((e) => first.push(e.type));
      session.subscribe((e) => second.push(e.type));
      scheduler.schedule(() => session.subscribe((e) => later.push(e.type)), 10);
    });
    expect(first).toEqual(['connected', 'account', 'deal', 'gap', 'gap', 'order']);
    expect(second).toEqual(first);
    expect(later).toEqual(first);
  });

  it('reports lines it skips and frames the decoder now refuses, and replays the rest', () => {
    const lines = hourLines();
    const w = createRecordingWriter();
    const refused = w.frame({ connection: 1, at: STARTED_AT + 2, data: encodePushFrame({ ...orderEvent, price: '-1' }) });
    const unknownChannel = w.frame({ connection: 1, at: STARTED_AT + 3, data: '{"channel":"spot@public.deals.v3.api@BTCUSDT","sendTime":1,"publicDeals":{}}' });
    const withBroken = [...lines.slice(0, 3), '{"record":"frame"', refused, unknownChannel, ...lines.slice(3), lines[3]?.slice(0, 25) ?? ''];
    const diagnostics: RecordingDiagnostic[] = [];
    const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
    const seen: string[] = [];
    scheduler.run(() => {
      replaySession(withBroken, { scheduler, onDiagnostic: (d) => diagnostics.push(d) }).subscribe((e) => seen.push(e.type));
    });
    expect(seen).toEqual(['connected', 'account', 'deal', 'gap', 'gap', 'order']);
    expect(diagnostics.map((d) => `${d.code}@${d.line}`)).toEqual(['malformed-line@4', 'frame-refused@5', 'frame-refused@6', `truncated-last-line@${withBroken.length}`]);
    expect(diagnostics[1]?.message).toContain('privateOrders.price');
  });

  it('fails with RecordingFormatError for a recording of a newer format, and for a path passed as text', () => {
    const newer = [JSON.stringify({ ...JSON.parse(headerLine()), format: 99 }), ...hourLines().slice(1)];
    for (const [input, reason] of [
      [newer, 'newer-format'],
      ['recordings/session.ndjson', 'not-a-recording'],
    ] as const) {
      const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
      let failure: unknown;
      const seen: string[] = [];
      scheduler.run(() => {
        replaySession(input, { scheduler }).subscribe({ next: (e) => seen.push(e.type), error: (e: unknown) => (failure = e) });
      });
      expect(seen).toEqual([]);
      expect(failure).toBeInstanceOf(RecordingFormatError);
      expect((failure as RecordingFormatError).reason).toBe(reason);
    }
  });

  it('takes the whole text of a recording, and lines read asynchronously, to the same events', async () => {
    const lines = hourLines();
    async function* read(): AsyncGenerator<string> {
      for (const line of lines) yield await Promise.resolve(line);
    }
    const fromText = await new Promise<string[]>((resolve) => replaySession(`${lines.join('\r\n')}\r\n`).pipe(map((e) => e.type), toArray()).subscribe(resolve));
    const fromAsync = await new Promise<string[]>((resolve) => replaySession(read).pipe(map((e) => e.type), toArray()).subscribe(resolve));
    expect(fromText).toEqual(['connected', 'account', 'deal', 'gap', 'gap', 'order']);
    expect(fromAsync).toEqual(fromText);
  });

  it.each([
    ['an unknown pace', { pace: 'slow' }, 'pace'],
    ['speed 0', { pace: 'recorded', speed: 0 }, 'speed'],
    ['a negative speed', { pace: 'recorded', speed: -2 }, 'speed'],
    ['speed NaN', { pace: 'recorded', speed: Number.NaN }, 'speed'],
    ['speed Infinity', { pace: 'recorded', speed: Infinity }, 'speed'],
    ['a speed without the recorded pace', { speed: 2 }, 'speed'],
  ] as const)('refuses %s with a ValidationError when made', (_what, options, field) => {
    expect(() => replaySession(hourLines(), options as ReplayOptions)).toThrow(ValidationError);
    try {
      replaySession(hourLines(), options as ReplayOptions);
    } catch (error) {
      expect((error as ValidationError).issues.map((i) => i.field)).toContain(field);
    }
  });
});
