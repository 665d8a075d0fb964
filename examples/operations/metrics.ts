/**
 * The metrics side: an OpenTelemetry `MeterProvider` whose one reader is the Prometheus exporter,
 * served at `GET /metrics` on 127.0.0.1. The exporter's own server is not started (it cannot tell
 * which port the system picked); its request handler is mounted on a server of ours instead.
 */
import { PrometheusExporter } from '@opentelemetry/exporter-prometheus';
import { MeterProvider } from '@opentelemetry/sdk-metrics';
import { listenLocally } from './listen.js';

/** Where the scrape is answered. */
export const METRICS_PATH = '/metrics';

/** The provider the clients record into, and the endpoint a Prometheus server scrapes. */
export interface MetricsEndpoint {
  /** Give it to every client: `createClient({ ..., meterProvider })`. */
  readonly meterProvider: MeterProvider;
  /** `http://127.0.0.1:PORT/metrics`. */
  readonly url: string;
  /** Closes the endpoint's port, then shuts the provider down. */
  close(): Promise<void>;
}

/**
 * Starts the provider and serves its figures, in Prometheus' text format, on 127.0.0.1 at `port`
 * (0: a free one). Any other path is 404.
 *
 * @example
 * ```ts
 * const metrics = await serveMetrics(9464);
 * const client = createClient({ apiKey, secretKey, meterProvider: metrics.meterProvider });
 * console.log(`scrape ${metrics.url}`);
 * ```
 */
export async function serveMetrics(port: number): Promise<MetricsEndpoint> {
  const exporter = new PrometheusExporter({ preventServerStart: true });
  const meterProvider = new MeterProvider({ readers: [exporter] });
  try {
    const server = await listenLocally(port, (req, res) => {
      if (req.method === 'GET' && new URL(req.url ?? '/', 'http://127.0.0.1').pathname === METRICS_PATH) return exporter.getMetricsRequestHandler(req, res);
      res.statusCode = 404;
      res.end();
    });
    return {
      meterProvider,
      url: `http://127.0.0.1:${server.port}${METRICS_PATH}`,
      async close() {
        await server.close();
        await meterProvider.shutdown();
      },
    };
  } catch (error) {
    await meterProvider.shutdown();
    throw error;
  }
}
