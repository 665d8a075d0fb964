/**
 * The program's host on each runtime: where its settings come from, where it reports, and the
 * runtime's own server. Bun and Deno read the settings from their arguments (Deno is granted no
 * environment) and report on standard output; a Worker is handed them by the suite's request to
 * `/run` and reports in that request's streamed answer, and serves the broker from its own `fetch`.
 *
 * @module
 */
import type { Handler, Served } from './broker-steps.js';
import { STEP_MARKER, type ScenarioEnv, type StepLine } from './protocol.js';
import { runScenario, type Loaders } from './run.js';

interface BunServer {
  readonly port: number;
  stop(closeActiveConnections?: boolean): Promise<void>;
}
declare const Bun: { serve(options: { port: number; hostname: string; fetch: Handler }): BunServer };

interface DenoServer {
  readonly addr: { readonly port: number };
  shutdown(): Promise<void>;
}
declare const Deno: {
  readonly args: readonly string[];
  serve(options: { port: number; hostname: string; onListen?: () => void }, handler: Handler): DenoServer;
};

function printed(line: StepLine): void {
  console.log(`${STEP_MARKER}${JSON.stringify(line)}`);
}

function settings(text: string | undefined): ScenarioEnv {
  if (text === undefined) throw new Error('the program takes its settings as its first argument (JSON)');
  return JSON.parse(text) as ScenarioEnv;
}

/** Bun: `Bun.serve`. */
export function runOnBun(loaders: Loaders): Promise<void> {
  return runScenario(loaders, settings(process.argv[2]), {
    report: printed,
    serve: (handler) => {
      const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: handler });
      return Promise.resolve({ url: `http://127.0.0.1:${server.port}`, close: () => server.stop(true) });
    },
  });
}

/** Deno: `Deno.serve`. */
export function runOnDeno(loaders: Loaders): Promise<void> {
  return runScenario(loaders, settings(Deno.args[0]), {
    report: printed,
    serve: (handler) => {
      const server = Deno.serve({ port: 0, hostname: '127.0.0.1', onListen: () => undefined }, handler);
      return Promise.resolve({ url: `http://127.0.0.1:${server.addr.port}`, close: () => server.shutdown() });
    },
  });
}

/** The bindings the suite gives the Worker. */
interface WorkerEnv {
  /** The program's settings, JSON. */
  readonly SCENARIO: string;
}

/**
 * A Worker (module syntax): `POST /run` runs the program and streams its lines back; every other
 * request goes to what the program serves (the broker, the health probes), on the Worker's own
 * origin.
 */
export function workerOf(loaders: Loaders): { fetch(request: Request, env: WorkerEnv): Promise<Response> } {
  let served: Handler | undefined;
  return {
    fetch(request, env) {
      const url = new URL(request.url);
      if (url.pathname !== '/run') return served === undefined ? Promise.resolve(new Response('nothing served yet', { status: 404 })) : served(request);
      const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
      const writer = writable.getWriter();
      const encoder = new TextEncoder();
      const host = {
        report: (line: StepLine) => void writer.write(encoder.encode(`${STEP_MARKER}${JSON.stringify(line)}\n`)),
        serve: (handler: Handler): Promise<Served> => {
          served = handler;
          return Promise.resolve({ url: url.origin, close: () => Promise.resolve((served = undefined)) });
        },
      };
      void runScenario(loaders, settings(env.SCENARIO), host)
        .catch((error: unknown) => writer.write(encoder.encode(`program failed: ${String(error)}\n`)))
        .finally(() => writer.close());
      return Promise.resolve(new Response(readable, { headers: { 'Content-Type': 'text/plain' } }));
    },
  };
}
