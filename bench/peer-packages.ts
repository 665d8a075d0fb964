/**
 * The peers the `peers` benchmark measures the library against (ccxt, and the protobufjs its MEXC
 * websocket client decodes with), installed for the benchmark only: `bench/peers/` has its own
 * package.json and lockfile, installed on first use with `npm ci --prefix bench/peers
 * --ignore-scripts` (neither package needs its install script: ccxt's prints a banner,
 * protobufjs's checks its own versions). The library's package.json never lists them, so a user's
 * install does not grow.
 *
 * Only the few members the benchmark calls are typed here; the packages are loaded by path, so
 * type checking never needs them installed.
 *
 * @module
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const PEERS_DIR = fileURLToPath(new URL('./peers/', import.meta.url));
const INSTALL_TIMEOUT_MS = 5 * 60_000;

/** ccxt's REST client of MEXC, as the benchmark uses it. */
export interface CcxtMexc {
  readonly urls: { readonly api: { readonly spot: { public: string; private: string } } };
  /** `GET /api/v3/sub-account/list`, signed (ccxt's implicit API). */
  spotPrivateGetSubAccountList(params: Readonly<Record<string, unknown>>): Promise<{ readonly subAccounts?: readonly unknown[] }>;
}

/** ccxt pro's websocket client of MEXC, as the benchmark uses it. */
export interface CcxtProMexc {
  setMarkets(markets: readonly object[]): unknown;
  /** The client object of a websocket URL (made, not connected). */
  client(url: string): unknown;
  /** What ccxt pro does with every websocket message: decode (protobuf) and update its caches. */
  handleMessage(client: unknown, message: Uint8Array): void;
  orders: { readonly length: number } | undefined;
  myTrades: { readonly length: number } | undefined;
  balance: Record<string, Record<string, unknown>>;
}

/** The generated protobufjs decoder ccxt ships for MEXC's push frames. */
export interface ProtobufjsWrapper {
  decode(bytes: Uint8Array): { readonly channel: string };
}

/** The loaded peers. */
export interface Peers {
  /** ccxt's version, from its package.json. */
  readonly ccxtVersion: string;
  readonly protobufjsVersion: string;
  makeRest(config: { apiKey: string; secret: string; enableRateLimit: boolean }): CcxtMexc;
  makePro(config: object): CcxtProMexc;
  /** `PushDataV3ApiWrapper` of ccxt's compiled MEXC schema (protobufjs). */
  readonly wrapper: ProtobufjsWrapper;
}

interface CcxtModule {
  readonly mexc: new (config: object) => CcxtMexc;
  readonly pro: { readonly mexc: new (config: object) => CcxtProMexc };
}

function installedVersion(name: string): string | undefined {
  const manifest = `${PEERS_DIR}node_modules/${name}/package.json`;
  return existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version : undefined;
}

/** Whether what is installed is what bench/peers/package.json pins. */
function upToDate(): boolean {
  const wanted = (JSON.parse(readFileSync(`${PEERS_DIR}package.json`, 'utf8')) as { dependencies: Record<string, string> }).dependencies;
  return Object.entries(wanted).every(([name, version]) => installedVersion(name) === version);
}

/**
 * Installs bench/peers from its lockfile unless what it pins is already there.
 *
 * @throws Error when npm fails (its output is in the message).
 * @example
 * ```ts
 * ensurePeersInstalled((line) => console.error(line));
 * ```
 */
function ensurePeersInstalled(log: (line: string) => void): void {
  if (upToDate()) return;
  log('installing the peers (bench/peers: npm ci --ignore-scripts), once');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['ci', '--prefix', PEERS_DIR, '--ignore-scripts', '--no-audit', '--no-fund'], { encoding: 'utf8', timeout: INSTALL_TIMEOUT_MS });
  if (result.status !== 0 || !upToDate()) {
    throw new Error(`installing bench/peers failed (${String(result.status ?? result.error)}): ${result.stderr || result.stdout}`);
  }
}

/**
 * Installs (if needed) and loads the peers.
 *
 * @example
 * ```ts
 * const peers = await loadPeers(log);
 * const exchange = peers.makeRest({ apiKey, secret, enableRateLimit: false });
 * ```
 */
export async function loadPeers(log: (line: string) => void): Promise<Peers> {
  ensurePeersInstalled(log);
  const ccxt = (await import(pathToFileURL(`${PEERS_DIR}node_modules/ccxt/js/ccxt.js`).href)) as CcxtModule;
  const require = createRequire(`${PEERS_DIR}package.json`);
  const compiled = require(`${PEERS_DIR}node_modules/ccxt/js/src/protobuf/mexc/compiled.cjs`) as { PushDataV3ApiWrapper: ProtobufjsWrapper };
  return {
    ccxtVersion: installedVersion('ccxt') ?? 'unknown',
    protobufjsVersion: installedVersion('protobufjs') ?? 'unknown',
    makeRest: (config) => new ccxt.mexc(config),
    makePro: (config) => new ccxt.pro.mexc(config),
    wrapper: compiled.PushDataV3ApiWrapper,
  };
}
