/**
 * A fleet in virtual time, for the bridge's property tests: the service pushes each account's
 * scripted events to every subscribed connection (fake sockets), two workers run real
 * `userDataStream`s (rollovers with overlapping connections, reconnects after dropped sockets)
 * piped into real `publishToJetStream`s, one worker is killed and restarted, and a bus (the
 * in-memory model or a real nats-server) stores what they publish. Time moves one step
 * ({@link STEP_MS}) at a time; after each, the publishers get to finish what they started
 * (publishers keep up within a step), unless a worker's bus client is held back to make it lag.
 * A step in which nothing is due, after the bus went quiet, is skipped: nothing could happen in it.
 */
import type { JetStreamClient } from '@nats-io/jetstream';
import { filter, map, merge, VirtualTimeScheduler, type Subscription } from 'rxjs';
import { publishToJetStream } from '../../src/bridge/publish.js';
import type { AccountUserDataEvent, ScaleEvent, TaggedEvent } from '../../src/scale/tagged-event.js';
import { encodeJsonFrame } from '../../src/simulator/ws/encode-frame.js';
import type { MarketEvent } from '../../src/stream/events.js';
import { userDataStream } from '../../src/stream/user-data-stream.js';
import { RecordingKeySource } from '../stream-lifecycle/harness.js';
import { FakeServer } from '../stream-lifecycle/fake-socket.js';

/** The stream name the workers resume from. */
export const FLEET_STREAM = 'MEXC';

/**
 * Virtual ms per step of a run: every time of a scenario is a whole number of steps, and so is
 * every delay of the fake service and of the streams (a socket's latency, the rollover and its
 * overlap, the backoff). At 4 s a step, the shortest rollover a scenario draws (15 steps) is the
 * shortest a stream allows, a minute; the run takes as many steps as it did in milliseconds.
 */
export const STEP_MS = 4_000;
/** Longer than any run: the streams send no PING and never count a connection as stable. */
const NEVER_IN_A_RUN_MS = 86_400_000;

/** What happens in one run. */
export interface Scenario {
  /** Per account, its pushes (`sendTime` is when the service pushes it, virtual ms). Every time here is a multiple of {@link STEP_MS}. */
  readonly pushes: ReadonlyMap<string, readonly MarketEvent[]>;
  /** When worker 1 starts (worker 0 starts at 0), virtual ms. */
  readonly secondStart: number;
  /** Which worker is killed, when, and how long it stays down. */
  readonly kill: { readonly worker: 0 | 1; readonly at: number; readonly downMs: number };
  /** Sockets the service drops: when, and which of the open ones (an index, modulo their count). */
  readonly drops: readonly { readonly at: number; readonly pick: number }[];
  /** Connection age at which a stream rolls over (its successor overlaps it for 5 steps). */
  readonly rolloverAfterMs: number;
  /** A worker whose publishes wait from `from` to `to` (virtual ms): it lags. */
  readonly lag?: { readonly worker: 0 | 1; readonly from: number; readonly to: number };
}

/** Where the workers publish: one client per worker run. */
export interface Bus {
  /** A client for a worker, and a way to hold its publishes back (a lag). */
  client(worker: 0 | 1): { readonly js: JetStreamClient; hold(on: boolean): void };
  /** Resolves once no publisher has anything under way. */
  quiet(): Promise<void>;
}

/**
 * The next millisecond after `t` in which something is due. Once the bus is quiet, only a
 * scheduled action can start anything (a push, a fault, a timer of a stream or a publisher), so
 * the steps before the one it is due in would pass without anything happening.
 */
function nextDue(scheduler: VirtualTimeScheduler, t: number): number {
  const first = scheduler.actions[0];
  return first === undefined ? Number.POSITIVE_INFINITY : Math.max(t + STEP_MS, Math.ceil(first.delay / STEP_MS) * STEP_MS);
}

/** Worker runs started so far, in this process: every run's id is new (a real stream remembers ids). */
let runsStarted = 0;

interface Run {
  readonly subscription: Subscription;
  readonly hold: (on: boolean) => void;
}

/**
 * Plays a scenario to its end (everything pushed, every worker reconnected and quiet).
 *
 * @example
 * ```ts
 * await playFleet(scenario, bus);
 * const stored = model.messages;
 * ```
 */
export async function playFleet(scenario: Scenario, bus: Bus): Promise<void> {
  const scheduler = new VirtualTimeScheduler();
  const servers = new Map([...scenario.pushes.keys()].map((account) => [account, new FakeServer(scheduler, STEP_MS)]));
  const runs: (Run | undefined)[] = [undefined, undefined];

  const start = (worker: 0 | 1): void => {
    const client = bus.client(worker);
    const streams = [...servers].map(([account, server]) =>
      userDataStream(new RecordingKeySource(scheduler), {
        wsUrl: 'ws://127.0.0.1:1/ws',
        format: 'json',
        scheduler,
        webSocketFactory: server.factory,
        rolloverAfterMs: scenario.rolloverAfterMs,
        rolloverOverlapMs: 5 * STEP_MS,
        pingIntervalMs: NEVER_IN_A_RUN_MS,
        backoff: { initialDelayMs: 2 * STEP_MS, maxDelayMs: 8 * STEP_MS, stableAfterMs: NEVER_IN_A_RUN_MS },
        random: () => 0.5,
      }).pipe(
        // A stream of a key source is nobody's client's: it never tells `stopped` (only a closed client's does).
        filter((event): event is AccountUserDataEvent => event.type !== 'stopped'),
        map((event): TaggedEvent<ScaleEvent> => ({ account, event })),
      ),
    );
    const subscription = merge(...streams)
      .pipe(publishToJetStream(client.js, { worker: `w${worker}`, runId: `run${++runsStarted}`, resumeFromStream: FLEET_STREAM, scheduler, maxClockSkewMs: 0 }))
      .subscribe({ error: (error: unknown) => console.error('worker failed', error) });
    runs[worker] = { subscription, hold: client.hold };
  };
  const stop = (worker: 0 | 1): void => {
    runs[worker]?.subscription.unsubscribe();
    runs[worker] = undefined;
  };

  scheduler.schedule(() => start(0), 0);
  scheduler.schedule(() => start(1), scenario.secondStart);
  scheduler.schedule(() => stop(scenario.kill.worker), scenario.kill.at);
  scheduler.schedule(() => start(scenario.kill.worker), scenario.kill.at + scenario.kill.downMs);
  for (const drop of scenario.drops) {
    scheduler.schedule(() => {
      const open = [...servers.values()].flatMap((server) => server.open());
      open[drop.pick % Math.max(1, open.length)]?.drop();
    }, drop.at);
  }
  const lag = scenario.lag;
  if (lag !== undefined) {
    scheduler.schedule(() => runs[lag.worker]?.hold(true), lag.from);
    scheduler.schedule(() => runs[lag.worker]?.hold(false), lag.to);
  }
  let last = scenario.kill.at + scenario.kill.downMs;
  for (const [account, pushes] of scenario.pushes) {
    const server = servers.get(account) as FakeServer;
    for (const push of pushes) {
      const { channel: _channel, ...frameInput } = push;
      const frame = encodeJsonFrame(frameInput);
      scheduler.schedule(() => server.broadcast(frame), push.sendTime);
      last = Math.max(last, push.sendTime);
    }
  }
  // Long enough after the last push, fault and restart for every stream to be connected again.
  const end = Math.max(last, ...scenario.drops.map((d) => d.at), lag?.to ?? 0) + 60 * STEP_MS;
  for (let t = 0; t <= end; t = Math.min(nextDue(scheduler, t), end + 1)) {
    scheduler.maxFrames = t;
    scheduler.flush();
    scheduler.frame = t;
    await bus.quiet();
  }
  stop(0);
  stop(1);
}
