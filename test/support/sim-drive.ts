/**
 * Virtual time for tests that run real clients against the simulator over loopback: the
 * simulator's clock is manual ({@link SteppedClock}), and the test moves it from one due timer to
 * the next, letting the real I/O those timers set off (requests, websocket frames, connections,
 * closes) finish in between. Simulated hours pass in milliseconds, and a busy machine changes
 * nothing: no timer fires because a reply was slow, since the clock does not move while one is
 * on its way.
 *
 * When has the I/O finished? Every byte between a client and the simulator passes through one of
 * the simulator's server sockets, both ends in this process. On loopback a byte written is in the
 * peer's receive buffer when the write returns, and read at the next poll of the event loop. So
 * the traffic is over once, for several turns of the event loop in a row, no server socket has
 * read or written a byte, none has anything queued, no connection opened or closed, and no timer
 * is due: {@link SimDrive.settle}. Clients need nothing special: their own fetch and websockets.
 * A client whose requests may hang until it gives up in real time (its own timeout) should fetch
 * through {@link SimDrive.watchFetch}: the clock then stands still until every request it sent
 * has its answer or has failed.
 *
 * @example
 * ```ts
 * const { sim, drive } = await startDrivenSim();
 * const recording = record(clientOf(sim));
 * await drive.until('connected', () => recording.events.length > 0);
 * await drive.advance(48 * HOUR); // every ping, keepalive and rollover of two days, in order
 * ```
 */
import type { Socket } from 'node:net';
import type { FetchLike } from '../../src/index.js';
import { startSimulator, type Simulator, type SimulatorOptions } from '../../src/simulator/index.js';
import { SteppedClock } from './stepped-clock.js';

/** A fixed start for the clock: 2025-03-14 12:00:00 UTC. */
export const DRIVE_START = Date.UTC(2025, 2, 14, 12, 0, 0);

/** Turns of the event loop in a row without any traffic that make the I/O count as finished. */
const QUIET_TURNS = 4;
/** Longest real wait for the I/O to finish, ms (a bound: it finishes in a few ms). */
const SETTLE_LIMIT_MS = 10_000;
/** Default bound of clock time a wait may cover, ms. */
const DEFAULT_WITHIN_MS = 7 * 24 * 3_600_000;

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Moves a simulator's manual clock, settling the I/O between timers. */
export class SimDrive {
  private readonly sockets = new Set<Socket>();
  /** Sockets accepted or closed so far: part of the traffic signature. */
  private socketEvents = 0;
  /** Requests sent through {@link watchFetch} that have neither an answer nor failed. */
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    readonly sim: Simulator,
    readonly clock: SteppedClock,
  ) {
    sim.httpServer.on('connection', (socket: Socket) => {
      // Nagle's algorithm could hold a small write back in the kernel, out of the poll's sight.
      socket.setNoDelay(true);
      this.sockets.add(socket);
      this.socketEvents += 1;
      socket.once('close', () => {
        this.sockets.delete(socket);
        this.socketEvents += 1;
      });
    });
  }

  /**
   * Wraps `inner` (default: the global fetch) so the drive knows of its requests in flight, and
   * does not move the clock while one is open.
   */
  watchFetch(inner: FetchLike = globalThis.fetch): FetchLike {
    return (input, init) => {
      const answer = inner(input, init);
      const done = answer.then(
        () => undefined,
        () => undefined,
      );
      this.inFlight.add(done);
      void done.then(() => this.inFlight.delete(done));
      return answer;
    };
  }

  /** Waits (in real time, at most until `deadline`) for one of the requests in flight to end. */
  private async oneRequestEnds(deadline: number): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const limit = new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, deadline - Date.now()))));
    await Promise.race([...this.inFlight, limit]);
    clearTimeout(timer);
  }

  /** What changes whenever bytes move or connections come and go. */
  private signature(): string {
    let read = 0;
    let written = 0;
    let queued = 0;
    for (const socket of this.sockets) {
      read += socket.bytesRead;
      written += socket.bytesWritten;
      queued += socket.writableLength;
    }
    return `${this.socketEvents}/${read}/${written}/${queued}`;
  }

  private queued(): boolean {
    for (const socket of this.sockets) if (socket.writableLength > 0) return true;
    return false;
  }

  private due(): boolean {
    const next = this.clock.nextDue();
    return next !== undefined && next <= this.clock.now();
  }

  /**
   * Resolves once the I/O in progress has finished (see the module's comment), every watched
   * request has ended and every timer due now has run. Rejects after {@link SETTLE_LIMIT_MS} of
   * real time.
   */
  async settle(): Promise<void> {
    const deadline = Date.now() + SETTLE_LIMIT_MS;
    let last = '';
    let quiet = 0;
    for (;;) {
      if (Date.now() > deadline) throw new Error(`the simulator's I/O did not settle in ${SETTLE_LIMIT_MS} ms (${this.signature()}, ${this.inFlight.size} requests open)`);
      if (this.due()) this.clock.advance(0);
      await turn();
      const now = this.signature();
      quiet = now === last && !this.queued() && !this.due() ? quiet + 1 : 0;
      last = now;
      if (quiet < QUIET_TURNS) continue;
      if (this.inFlight.size === 0) return;
      // Quiet, with a request open: it waits for something in real time (a client's timeout).
      await this.oneRequestEnds(deadline);
      quiet = 0;
    }
  }

  /**
   * Moves the clock on until `condition` holds, one due timer at a time, settling after each.
   * Rejects, naming `what`, when no timer is left or the next lies more than `withinMs` of clock
   * time ahead.
   */
  async until(what: string, condition: () => boolean, withinMs = DEFAULT_WITHIN_MS): Promise<void> {
    const limit = this.clock.now() + withinMs;
    for (;;) {
      await this.settle();
      if (condition()) return;
      const next = this.clock.nextDue();
      if (next === undefined) throw new Error(`${what}: never happened (no timer left on the clock)`);
      if (next > limit) throw new Error(`${what}: not within ${withinMs} ms of clock time`);
      this.clock.advance(next - this.clock.now());
    }
  }

  /** Moves the clock `ms` on, through every timer due on the way, in order, settling after each. */
  async advance(ms: number): Promise<void> {
    const target = this.clock.now() + ms;
    for (;;) {
      await this.settle();
      const next = this.clock.nextDue();
      if (next === undefined || next > target) break;
      this.clock.advance(next - this.clock.now());
    }
    this.clock.advance(Math.max(0, target - this.clock.now()));
    await this.settle();
  }
}

/**
 * Starts a simulator on a stepped clock (at {@link DRIVE_START}) with its drive.
 *
 * @example
 * ```ts
 * const { sim, drive } = await startDrivenSim({ ws: { idleTimeoutMs: 60 * MINUTE } });
 * ```
 */
export async function startDrivenSim(options: Omit<SimulatorOptions, 'clock' | 'realtime' | 'speed'> = {}): Promise<{ sim: Simulator; drive: SimDrive }> {
  const clock = new SteppedClock(DRIVE_START);
  const sim = await startSimulator({ ...options, clock });
  return { sim, drive: new SimDrive(sim, clock) };
}
