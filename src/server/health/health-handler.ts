/**
 * `createHealthHandler`: the probes an operator points a load balancer and an orchestrator at.
 * Liveness (`/livez`): the process answers and its event loop is not stuck. Readiness (`/readyz`):
 * the streams run and (all but an allowed number) are live; the body lists the accounts that are
 * not. One handler, two forms: `fetch` (a web `Request` in, a `Response` out) and `node`
 * (`node:http`'s request and response).
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Subscription } from 'rxjs';
import type { StreamsHealth } from '../../scale/streams-health.js';
import { resolveSettings } from '../../settings/resolve.js';
import { measureEventLoopDelay } from './event-loop-delay.js';
import { HEALTH_HANDLER_SETTINGS, type HealthHandlerOptions } from './health-options.js';
import { asPicture, readiness, type ReadinessBody } from './readiness.js';

/** The liveness answer's body. */
export interface LivenessBody {
  readonly live: boolean;
  /** Why not, in words, when not live. */
  readonly reason?: string;
  /** The longest event-loop delay since the previous liveness probe, ms (`null` where not measured). */
  readonly maxEventLoopDelayMs: number | null;
}

/** The health handler: two forms of the same answers, and its close. */
export interface HealthHandler {
  /** Answers a web `Request` (Node 20's fetch API, Deno, Bun, a framework's route). */
  fetch(request: Request): Promise<Response>;
  /** Answers a `node:http` request. */
  node(req: IncomingMessage, res: ServerResponse): void;
  /** Stops watching the health and measuring the event loop; later probes answer 503. Idempotent. */
  close(): void;
}

/** An answer, in neither form yet. */
interface Answer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

function json(status: number, body: LivenessBody | ReadinessBody | { readonly error: string }, extra: Readonly<Record<string, string>> = {}): Answer {
  return { status, headers: { ...JSON_HEADERS, ...extra }, body: JSON.stringify(body) };
}

/**
 * Makes the health handler over `options.health` (checked now: a `ValidationError` lists every
 * setting out of its rule).
 *
 * - `GET /livez`: 200 while the process answers and its longest event-loop delay since the
 *   previous liveness probe is at most `maxEventLoopDelayMs`, else 503. It never looks at the
 *   streams: a lost connection is the library's to repair, and restarting the process for it
 *   would only lose more.
 * - `GET /readyz`: 200 while the streams run and at most `maxNotLive` accounts are other than
 *   `live` (`stale` counts as live with `staleIsReady`), else 503; the JSON body gives the summary
 *   and lists those accounts (your own labels: the keys of the accounts map; never a key, a secret
 *   or a listen key).
 * - `HEAD` answers as `GET` without a body; another method is 405, another path 404.
 *
 * Point a load balancer at readiness (it takes the instance out of rotation and back); point an
 * orchestrator's liveness probe at liveness (it restarts the process), and its readiness probe at
 * readiness.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import { userDataStreams } from 'mexc-rx';
 * import { createHealthHandler } from 'mexc-rx/server';
 *
 * const events$ = userDataStreams(accounts$);
 * events$.subscribe(handle);
 * const health = createHealthHandler({ health: events$.health(), maxNotLive: 2 });
 * createServer((req, res) => health.node(req, res)).listen(8080, '127.0.0.1');
 * // later
 * health.close();
 * ```
 */
export function createHealthHandler(options: HealthHandlerOptions): HealthHandler {
  const settings = resolveSettings(HEALTH_HANDLER_SETTINGS, options);
  let picture: StreamsHealth | undefined;
  let closed = false;
  const delay = measureEventLoopDelay();
  const watching: Subscription = settings.health.subscribe({
    next: (health) => (picture = asPicture(health, Date.now())),
    // A failed health source leaves nothing to report: not ready.
    error: () => (picture = undefined),
  });

  const liveness = (): Answer => {
    if (closed) return json(503, { live: false, reason: 'the handler is closed', maxEventLoopDelayMs: null });
    const maxDelay = delay.takeMaxMs();
    const body: LivenessBody = { live: true, maxEventLoopDelayMs: maxDelay ?? null };
    if (maxDelay !== undefined && maxDelay > settings.maxEventLoopDelayMs) {
      return json(503, { ...body, live: false, reason: `the event loop was blocked for ${Math.round(maxDelay)} ms (at most ${settings.maxEventLoopDelayMs} allowed)` });
    }
    return json(200, body);
  };
  const ready = (): Answer => {
    const body = closed ? { ...readiness(undefined, settings), reason: 'the handler is closed' } : readiness(picture, settings);
    return json(body.ready ? 200 : 503, body);
  };
  const answer = (method: string, path: string): Answer => {
    const probe = path === settings.livenessPath ? liveness : path === settings.readinessPath ? ready : undefined;
    if (probe === undefined) return json(404, { error: 'not found' });
    if (method !== 'GET' && method !== 'HEAD') return json(405, { error: 'method not allowed' }, { allow: 'GET, HEAD' });
    const full = probe();
    return method === 'HEAD' ? { ...full, body: '' } : full;
  };
  const pathOf = (url: string): string => {
    try {
      return new URL(url, 'http://localhost').pathname;
    } catch {
      return '';
    }
  };

  return {
    fetch: (request) => {
      const { status, headers, body } = answer(request.method, pathOf(request.url));
      return Promise.resolve(new Response(body === '' ? null : body, { status, headers }));
    },
    node: (req, res) => {
      const { status, headers, body } = answer(req.method ?? 'GET', pathOf(req.url ?? ''));
      res.writeHead(status, headers);
      res.end(body);
    },
    close: () => {
      if (closed) return;
      closed = true;
      watching.unsubscribe();
      delay.close();
      picture = undefined;
    },
  };
}
