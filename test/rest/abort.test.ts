/**
 * Unsubscribing before the response arrives aborts the request, and nothing is emitted: not
 * after the callbacks already queued have run, nor after every timer the client left (on a
 * virtual scheduler, run to its end).
 */
import { describe, expect, it } from '@jest/globals';
import { VirtualTimeScheduler, type Observable } from 'rxjs';
import { fakeFetch, hang, json, text, type FakeFetch, type Responder } from '../support/fake-fetch.js';
import { makeClient, runOut, until } from '../support/harness.js';
import { operationCase } from '../support/operations.js';

/** Subscribes, recording every notification. */
function watch(source: Observable<unknown>) {
  const seen: string[] = [];
  const subscription = source.subscribe({
    next: () => seen.push('next'),
    error: () => seen.push('error'),
    complete: () => seen.push('complete'),
  });
  return { seen, subscription };
}


describe('unsubscribing', () => {
  it.each(['M2', 'M6', 'B12', 'L3'] as const)('%s: aborts the request in flight and emits nothing', async (id) => {
    const scheduler = new VirtualTimeScheduler();
    const fake = fakeFetch(hang);
    const { seen, subscription } = watch(operationCase(id).run(makeClient(fake.fetch, { scheduler })));
    await until(() => fake.calls.length === 1);
    expect(fake.calls[0]?.signal.aborted).toBe(false);

    subscription.unsubscribe();
    expect(fake.calls[0]?.signal.aborted).toBe(true);
    await runOut(scheduler);
    expect(seen).toEqual([]);
    expect(fake.calls).toHaveLength(1);
  });

  it('emits nothing even when a response turns up after the abort', async () => {
    let answer: (response: Response) => void = () => undefined;
    const late: Responder = () => new Promise<Response>((resolve) => (answer = resolve));
    const op = operationCase('M8');
    const scheduler = new VirtualTimeScheduler();
    const fake: FakeFetch = fakeFetch(late);
    const { seen, subscription } = watch(op.run(makeClient(fake.fetch, { scheduler })));
    await until(() => fake.calls.length === 1);
    subscription.unsubscribe();
    answer(new Response(JSON.stringify(op.example), { status: 200 }));
    await runOut(scheduler);
    expect(seen).toEqual([]);
  });

  it('during a retry wait, sends nothing more', async () => {
    const scheduler = new VirtualTimeScheduler();
    const op = operationCase('M2');
    const fake = fakeFetch([text('busy', 503, { 'Retry-After': '1' }), json(op.example)]);
    const { seen, subscription } = watch(op.run(makeClient(fake.fetch, { scheduler })));
    await until(() => scheduler.actions.length > 0);
    subscription.unsubscribe();
    await runOut(scheduler);
    expect(fake.calls).toHaveLength(1);
    expect(seen).toEqual([]);
  });
});
