/**
 * `remoteListenKeys` and the page's lifecycle at its edges, with a fake window and a fake broker
 * (a `fetch` whose answers the test gives, one request at a time): a page left while a key is
 * being made, a `pageshow` that is not a return from the back-forward cache, a page left twice,
 * and the requests a page sends as it goes (a DELETE with `keepalive: true`, nothing else).
 */
import { describe, expect, it } from '@jest/globals';
import { firstValueFrom, take, toArray } from 'rxjs';
import { remoteListenKeys } from '../../src/index.js';

/** A window: its lifecycle events and its location. */
class FakePage extends EventTarget {
  readonly location = { href: 'https://app.example.com/dash/' };

  leave(persisted = true): void {
    this.dispatchEvent(Object.assign(new Event('pagehide'), { persisted }));
  }

  show(persisted: boolean): void {
    this.dispatchEvent(Object.assign(new Event('pageshow'), { persisted }));
  }
}

interface Pending {
  readonly method: string;
  readonly url: string;
  readonly keepalive: boolean;
  readonly body: unknown;
  answer(status: number, body: unknown): void;
}

/** A broker that answers when the test says so. */
function fakeBroker(): { fetch: (input: Request | URL | string, init?: RequestInit) => Promise<Response>; sent: Pending[] } {
  const sent: Pending[] = [];
  const fetch = (input: Request | URL | string, init?: RequestInit): Promise<Response> =>
    new Promise((resolve) => {
      sent.push({
        method: init?.method ?? 'GET',
        url: String(input),
        keepalive: init?.keepalive === true,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
        answer: (status, body) => resolve(new Response(JSON.stringify(body), { status })),
      });
    });
  return { fetch, sent };
}

const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('remoteListenKeys at the edges of the page’s life', () => {
  it('closes a key whose creation ends after the page was left, and reports it revoked when the page comes back', async () => {
    const { fetch, sent } = fakeBroker();
    const page = new FakePage();
    const keys = remoteListenKeys('api/mexc', { fetch, page });
    const revoked = firstValueFrom(keys.revoked);
    const made = firstValueFrom(keys.create());
    await settle();
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual(['POST https://app.example.com/dash/api/mexc/listen-key']);
    page.leave();
    sent[0]?.answer(201, { listenKey: 'late1', renewIntervalMs: 60_000 });
    expect(await made).toBe('late1');
    await settle();
    expect(sent.slice(1).map((s) => [s.method, s.keepalive, s.body])).toEqual([['DELETE', true, { listenKey: 'late1' }]]);
    page.show(true);
    expect(await revoked).toBe('late1');
    // The stream lets the revoked key go: it was closed already, and is not DELETEd again.
    await firstValueFrom(keys.close('late1'), { defaultValue: undefined });
    expect(sent).toHaveLength(2);
  });

  it('does nothing on a pageshow that is not a return from the cache, and closes each key once when left twice', async () => {
    const { fetch, sent } = fakeBroker();
    const page = new FakePage();
    const keys = remoteListenKeys('/api/mexc', { fetch, page });
    const seen: string[] = [];
    const watching = keys.revoked.subscribe((key) => seen.push(key));
    const made = firstValueFrom(keys.create());
    await settle();
    sent[0]?.answer(201, { listenKey: 'key1', renewIntervalMs: 60_000 });
    await made;
    page.show(false);
    page.show(true);
    await settle();
    expect([sent.length, seen]).toEqual([1, []]);
    page.leave(false);
    page.leave(true);
    await settle();
    expect(sent.slice(1).map((s) => `${s.method} ${s.keepalive}`)).toEqual(['DELETE true']);
    sent[1]?.answer(200, { listenKey: 'key1' });
    page.show(true);
    expect(seen).toEqual(['key1']);
    watching.unsubscribe();
  });

  it('sends its keepalive PUT without keepalive: true, and a DELETE asked for by the stream with it', async () => {
    const { fetch, sent } = fakeBroker();
    const keys = remoteListenKeys('https://keys.example.com/api', { fetch, page: new FakePage() });
    const made = firstValueFrom(keys.create());
    await settle();
    sent[0]?.answer(201, { listenKey: 'key2', renewIntervalMs: 60_000 });
    await made;
    const renewed = firstValueFrom(keys.keepAlive('key2').pipe(take(1), toArray()));
    await settle();
    sent[1]?.answer(200, { listenKey: 'key2' });
    await renewed;
    const closed = firstValueFrom(keys.close('key2'), { defaultValue: undefined });
    await settle();
    sent[2]?.answer(200, { listenKey: 'key2' });
    await closed;
    expect(sent.map((s) => `${s.method} ${s.url} ${s.keepalive}`)).toEqual([
      'POST https://keys.example.com/api/listen-key false',
      'PUT https://keys.example.com/api/listen-key false',
      'DELETE https://keys.example.com/api/listen-key true',
    ]);
  });
});
