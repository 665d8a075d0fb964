/**
 * `remoteListenKeys`: a page's listen keys, made, renewed and closed by its backend's broker
 * (`createListenKeyBroker` of `mexc-rx/server`), which holds the secret. The page's whole lifecycle
 * is handled here: keys are renewed at the interval the broker names, closed when the page is left
 * (`pagehide`, with requests that outlive the page), and replaced when a page comes back from the
 * back-forward cache (`pageshow` with `persisted`) or the broker forgot a key.
 *
 * @module
 */
import { concatMap, defer, EMPTY, exhaustMap, from, type Observable, type SchedulerLike, skip, Subject, type Subscription, take } from 'rxjs';
import { everyInSteps } from '../long-delays.js';
import type { ValidationIssue } from '../errors.js';
import { checkSettings, refuseIssues } from '../settings/resolve.js';
import type { ListenKeySource } from '../stream/listen-key-source.js';
import { abortable } from './abortable.js';
import { readCreated } from './answers.js';
import { callBroker } from './broker-call.js';
import { BrokerError } from './broker-error.js';
import { BROKER_ROUTES, type CreatedListenKey } from './protocol.js';
import { BROKER_URL, fetchOf, pageOf, REMOTE_LISTEN_KEYS_SETTINGS, routeUrl, type RemoteListenKeysOptions } from './remote-settings.js';

/** A page's key source on its backend's broker (what {@link remoteListenKeys} returns). */
export interface RemoteListenKeySource extends ListenKeySource {
  /** POSTs for a new key (after the page is shown again, while it is hidden). */
  create(): Observable<string>;
  /** PUTs the key (the broker renews it on the service). Fails when the broker does not know it. */
  keepAlive(listenKey: string): Observable<unknown>;
  /** DELETEs the key, with a request that outlives the page. */
  close(listenKey: string): Observable<unknown>;
  /** Keys the broker forgot or the page closed when it was left: the stream replaces them. */
  readonly revoked: Observable<string>;
}

const isGone = (error: unknown): boolean => error instanceof BrokerError && error.code === 'unknown-listen-key';

/** The page's calls to the broker's key route. */
interface KeyRoute {
  create(signal: AbortSignal): Promise<CreatedListenKey>;
  send(method: 'PUT' | 'DELETE', listenKey: string, signal?: AbortSignal): Promise<unknown>;
}

/** The keys a page holds, renewed while it has them, and its lifecycle: hidden (left) or shown again. */
class PageKeys {
  readonly revoked = new Subject<string>();
  private readonly renewals = new Map<string, Subscription>();
  private readonly shown = new Subject<void>();
  /** Keys closed already (on the way out, or by the broker), until the stream lets go of them. */
  private readonly gone = new Set<string>();
  private hidden = false;
  private closedOnHide: string[] = [];

  constructor(
    private readonly route: KeyRoute,
    private readonly scheduler: SchedulerLike,
  ) {}

  /** A new key; while the page is hidden, once it is shown again. Letting go of it gives the POST up. */
  create(): Observable<string> {
    const post = (): Observable<string> => abortable((signal) => this.post(signal));
    return defer(() => (this.hidden ? this.shown.pipe(take(1), concatMap(post)) : post()));
  }

  keepAlive(listenKey: string, signal: AbortSignal): Promise<unknown> {
    return this.route.send('PUT', listenKey, signal).catch((error: unknown) => {
      if (isGone(error)) this.forget(listenKey, true);
      throw error;
    });
  }

  close(listenKey: string): Observable<unknown> {
    this.forget(listenKey);
    // A key closed already (when the page was left, or by the broker) is not DELETEd again.
    return this.gone.delete(listenKey) ? EMPTY : from(this.closeRemote(listenKey));
  }

  /** The page is left: every key is closed at once, with requests that outlive the page. */
  hide(): void {
    this.hidden = true;
    for (const listenKey of [...this.renewals.keys()]) this.closeOnHide(listenKey);
  }

  /** The page is back from the back-forward cache: the keys closed on the way out are revoked. */
  show(): void {
    if (!this.hidden) return;
    this.hidden = false;
    const closed = this.closedOnHide;
    this.closedOnHide = [];
    for (const listenKey of closed) this.revoked.next(listenKey);
    this.shown.next();
  }

  private async post(signal: AbortSignal): Promise<string> {
    const { listenKey, renewIntervalMs } = await this.route.create(signal);
    // Made while the page was being left: closed at once, replaced when the page is shown.
    if (this.hidden) this.closeOnHide(listenKey);
    else this.renewals.set(listenKey, this.renew(listenKey, renewIntervalMs));
    return listenKey;
  }

  private closeOnHide(listenKey: string): void {
    this.forget(listenKey, true);
    this.closedOnHide.push(listenKey);
    this.closeRemote(listenKey).catch(() => undefined);
  }

  /** Renews a key until it is closed or the broker no longer knows it. */
  private renew(listenKey: string, everyMs: number): Subscription {
    const renewal = (signal: AbortSignal): Promise<void> =>
      this.route.send('PUT', listenKey, signal).then(
        () => undefined,
        (error: unknown) => {
          if (!isGone(error)) return;
          this.forget(listenKey, true);
          this.revoked.next(listenKey);
        },
      );
    return everyInSteps(everyMs, this.scheduler)
      .pipe(
        skip(1),
        // A renewal under way when the key is let go is given up.
        exhaustMap(() => abortable(renewal)),
      )
      .subscribe();
  }

  /** Stops renewing a key; `gone`: it is closed already, and the stream's close of it sends nothing. */
  private forget(listenKey: string, gone = false): void {
    this.renewals.get(listenKey)?.unsubscribe();
    this.renewals.delete(listenKey);
    if (gone) this.gone.add(listenKey);
  }

  /** Closes a key on the broker; a key already gone is as good as closed. */
  private closeRemote(listenKey: string): Promise<void> {
    return this.route.send('DELETE', listenKey).then(
      () => undefined,
      (error: unknown) => {
        if (!isGone(error)) throw error;
      },
    );
  }
}

/**
 * The page's listen keys through its backend's broker, at `url` (the broker's `path`, or an
 * absolute URL). A relative `url` is resolved against the page's location when a key is made.
 * Give it to `userDataStream` as its key source: the page needs no lifecycle code of its own.
 *
 * - `create` POSTs `{url}/listen-key`; each key is then renewed (PUT) at the interval the broker
 *   names, while the page has it.
 * - `keepAlive` PUTs and `close` DELETEs it (`keepalive: true`, so the request outlives the page).
 * - On `pagehide` every key is DELETEd at once; keys asked for while the page is hidden wait until
 *   it is shown. On `pageshow` from the back-forward cache, the keys closed on the way out are
 *   reported on `revoked`, and the stream replaces its own with a new one.
 * - A key the broker no longer knows (it closed a silent page's key) is reported on `revoked` too.
 * - Every call ends within `timeoutMs` (its whole answer read), so a broker that does not answer
 *   holds nothing up: a create past it fails with a `BrokerError` of status 0, which the stream
 *   retries with its backoff, and a close past it ends (so does a stream's stop, which waits for a
 *   create under way). A create or a keepalive whose subscriber lets go is given up; a DELETE is
 *   left to go through.
 *
 * @throws ValidationError (operation `config`) when `url` or an option breaks its rule.
 * @example
 * ```ts
 * import { remoteListenKeys, userDataStream } from 'mexc-rx';
 *
 * const events$ = userDataStream(remoteListenKeys('/api/mexc'), { wsUrl: 'wss://wbs-api.mexc.com/ws' });
 * events$.subscribe((event) => console.log(event.type));
 * ```
 */
export function remoteListenKeys(url: string, options: RemoteListenKeysOptions = {}): RemoteListenKeySource {
  const issues: ValidationIssue[] = BROKER_URL.accepts(url) ? [] : [{ field: 'url', rule: BROKER_URL.words }];
  const settings = checkSettings(REMOTE_LISTEN_KEYS_SETTINGS, options, issues);
  refuseIssues(issues);
  const fetch = fetchOf(settings.fetch);
  const page = pageOf(settings.page);
  const { timeoutMs } = settings;
  const endpoint = (): URL => routeUrl(url, BROKER_ROUTES.listenKey, page);
  const keys = new PageKeys(
    {
      async create(signal) {
        const created = readCreated(await callBroker(fetch, { method: 'POST', url: endpoint(), timeoutMs, signal, scheduler: settings.scheduler }));
        if (created === undefined) throw new BrokerError({ method: 'POST', path: endpoint().pathname, status: 200, problem: 'the answer is not a listen key' });
        return created;
      },
      send: (method, listenKey, signal) => callBroker(fetch, { method, url: endpoint(), body: { listenKey }, keepalive: method === 'DELETE', timeoutMs, signal, scheduler: settings.scheduler }),
    },
    settings.scheduler,
  );
  page?.addEventListener('pagehide', () => keys.hide());
  page?.addEventListener('pageshow', (event) => {
    if ((event as { persisted?: unknown }).persisted === true) keys.show();
  });
  return {
    create: () => keys.create(),
    keepAlive: (listenKey) => abortable((signal) => keys.keepAlive(listenKey, signal)),
    close: (listenKey) => defer(() => keys.close(listenKey)),
    revoked: keys.revoked.asObservable(),
  };
}
