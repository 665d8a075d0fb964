/**
 * Measures the speed-up a fast simulator clock really achieves, against its nominal `speed` and
 * its lag limit (`lagLimitMs`, default 10 ms): while running, the clock counts at most
 * `lagLimitMs` of real time per look at it, so how fast it runs depends on how often something
 * looks (a timer waking it counts in full up to its own due time). Prints one line per case and,
 * with --json, the figures as JSON. Run: npm run clock:measure.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { createClient, userDataStream, type UserDataEvent } from '../src/index.js';
import { createSimClock, startSimulator, type SimClock } from '../src/simulator/index.js';

const MINUTE = 60_000;

interface Figure {
  readonly name: string;
  readonly speed: number;
  readonly lagLimitMs: number;
  readonly clockMs: number;
  readonly realMs: number;
  /** Clock ms per real ms. */
  readonly speedUp: number;
}

async function measure(name: string, clock: SimClock, lagLimitMs: number, wait: () => Promise<void>): Promise<Figure> {
  const startClock = clock.now();
  const startReal = performance.now();
  await wait();
  const realMs = performance.now() - startReal;
  const passed = clock.now() - startClock;
  clock.clearTimers();
  return { name, speed: clock.speed, lagLimitMs, clockMs: passed, realMs: Math.round(realMs), speedUp: Math.round(passed / realMs) };
}

/** Waits on one clock timer: nothing else looks at the clock. */
function onTimer(clock: SimClock, clockMs: number): () => Promise<void> {
  return () => new Promise((resolve) => clock.setTimer(clockMs, () => resolve()));
}

/** The documentation's loop: look at the clock every `everyMs` real ms until `clockMs` passed. */
function polling(clock: SimClock, clockMs: number, everyMs: number): () => Promise<void> {
  return async () => {
    const start = clock.now();
    while (clock.now() - start < clockMs) await sleep(everyMs);
  };
}

async function bareClock(speed: number, lagLimitMs: number | undefined, clockMs: number): Promise<Figure[]> {
  const limit = lagLimitMs ?? 10;
  const cases: readonly [string, (clock: SimClock) => () => Promise<void>][] = [
    ['one clock timer', (clock) => onTimer(clock, clockMs)],
    ['polling now() every 50 ms', (clock) => polling(clock, clockMs, 50)],
    ['polling now() every 5 ms', (clock) => polling(clock, clockMs, 5)],
  ];
  const figures: Figure[] = [];
  for (const [name, wait] of cases) {
    const clock = createSimClock(lagLimitMs === undefined ? { speed } : { speed, lagLimitMs });
    figures.push(await measure(name, clock, limit, wait(clock)));
  }
  return figures;
}

/**
 * The fast-clock example of docs/testing-with-the-simulator.md: a stream kept alive for `clockMs`,
 * waited for on a clock timer, or by polling `now()` every 50 ms.
 */
async function documentedStream(clockMs: number, poll: boolean): Promise<Figure> {
  const sim = await startSimulator({ speed: 2000, timestampSlackMs: 30 * MINUTE, ws: { idleTimeoutMs: 60 * MINUTE, unsubscribedTimeoutMs: 10 * MINUTE } });
  const client = createClient({
    baseUrl: sim.restUrl,
    wsUrl: sim.wsUrl,
    apiKey: sim.master.apiKey,
    secretKey: sim.master.secretKey,
    clock: () => sim.clock.now(),
    scheduler: sim.scheduler,
    recvWindow: 60_000,
  });
  const events: UserDataEvent[] = [];
  const stream = userDataStream(client, { pingIntervalMs: 20 * MINUTE, pingTimeoutMs: 10 * MINUTE, connectTimeoutMs: 10 * MINUTE });
  const subscription = stream.subscribe((event) => events.push(event));
  try {
    const name = poll ? 'a stream, polling now() every 50 ms' : 'a stream, waiting on a clock timer';
    return await measure(name, sim.clock, 10, poll ? polling(sim.clock, clockMs, 50) : onTimer(sim.clock, clockMs));
  } finally {
    subscription.unsubscribe();
    await sim.close();
  }
}

const figures: Figure[] = [];
for (const speed of [1000, 2000]) figures.push(...(await bareClock(speed, undefined, 10 * MINUTE)));
figures.push(...(await bareClock(1000, 100, 10 * MINUTE)));
figures.push(await documentedStream(2 * 60 * MINUTE, false), await documentedStream(2 * 60 * MINUTE, true));
for (const f of figures) {
  const share = Math.round((f.speedUp / f.speed) * 100);
  console.log(`${f.name.padEnd(44)} speed ${String(f.speed).padStart(4)}, lag limit ${String(f.lagLimitMs).padStart(3)} ms: ` +
    `${(f.clockMs / MINUTE).toFixed(1)} clock min in ${f.realMs} real ms = ${f.speedUp}x (${share}% of nominal)`);
}
if (process.argv.includes('--json')) console.log(JSON.stringify(figures));
