/**
 * The two-terminal workflow as a user runs it: `mexc-rx simulator --trade` in one process, and
 * `mexc-rx stream` in another with the export line the first printed (run through bash as the
 * user would paste it). The stream shows order, deal and account events within seconds, with no
 * third terminal making anything happen; Ctrl+C stops both with exit code 0. Real time is the
 * point here (two processes over loopback), bounded: every child has a deadline after which its
 * whole process group is killed; ports come from the OS.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CLI, DEADLINE_MS, spawnShell, type Watched } from './shell-child.js';



/** Resolves once `lines` holds one that `match` accepts, or `watched` has ended. */
async function lineOrEnd(watched: Watched, match: (line: string) => boolean): Promise<string | undefined> {
  for (let count = 1; ; count++) {
    await watched.linesOrEnd(count);
    const found = watched.lines.find(match);
    if (found !== undefined || watched.exited()) return found;
  }
}

describe('mexc-rx simulator --trade in one process, mexc-rx stream in another', () => {
  let simulator: Watched;
  let exportLine = '';
  beforeAll(async () => {
    simulator = spawnShell(`exec ${CLI} simulator --trade --pace 100 --seed 7`, {}, 2 * DEADLINE_MS);
    // The text can reach us in several chunks: wait for its last line, not only the export line.
    await lineOrEnd(simulator, (line) => line === '# Press Ctrl+C to stop.');
    exportLine = simulator.lines.find((line) => line.startsWith('export ')) ?? '';
  }, 60_000);
  afterAll(async () => {
    simulator.child.kill('SIGINT');
    expect((await simulator.ended).code).toBe(0);
  });

  it('prints a pasteable export line and says it trades', () => {
    expect(exportLine).toMatch(/^export MEXC_BASE_URL=http:\/\/127\.0\.0\.1:\d+ MEXC_WS_URL=ws:\/\/127\.0\.0\.1:\d+\/ws MEXC_API_KEY=\S+ MEXC_SECRET_KEY=\S+$/);
    expect(simulator.lines).toContain('# Trading on every account above, a step each 100 ms (seed 7): mexc-rx stream shows order, deal and account events.');
  });

  it('streams order, deal and account events within seconds', async () => {
    const stream = spawnShell(`${exportLine}\nexec ${CLI} stream --format json`, {});
    const seen = new Set<string>();
    let connectedAt = Number.NaN;
    await lineOrEnd(stream, (line) => {
      const { type } = JSON.parse(line) as { type: string };
      if (type === 'connected') connectedAt = Date.now();
      seen.add(type);
      return ['order', 'deal', 'account'].every((kind) => seen.has(kind));
    });
    // From the stream's connection on (starting a process through tsx takes seconds on a busy machine).
    const waitedMs = Date.now() - connectedAt;
    stream.child.kill('SIGINT');
    const { code, stderr } = await stream.ended;
    expect([...seen]).toEqual(expect.arrayContaining(['connected', 'order', 'deal', 'account']));
    // Bounded, generous for a busy machine: a step every 100 ms brings an order within the first second.
    expect(waitedMs).toBeLessThan(10_000);
    expect(code).toBe(0);
    expect(stderr).toMatch(/stopped \(interrupted\) after \d+ events; listen key closed\n$/);
  }, 60_000);
});
