/**
 * `mexc-rx stream --duration-ms` longer than a timer holds (2^31 - 1 ms; Node fires a longer one
 * after 1 ms): the command does not stop at once, so another stop (here `--max-events`) comes first.
 */
import { describe, expect, it } from '@jest/globals';
import { ndjson, run } from './harness.js';

describe('stream --duration-ms past the longest timer', () => {
  it('does not end at once: --duration-ms 3000000000 with --max-events 1 stops on the event', async () => {
    const result = await run(['stream', '--sim', '--duration-ms', '3000000000', '--max-events', '1']);
    expect(result.code).toBe(0);
    expect(ndjson(result.stdout)).toEqual([expect.objectContaining({ type: 'connected' })]);
    expect(result.stderr).toMatch(/\nstopped \(max-events\) after 1 events; listen key closed\n$/);
  });
});
