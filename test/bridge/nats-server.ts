/**
 * Starts a real `nats-server` with JetStream for the bridge tests: on 127.0.0.1, on a port the OS
 * picks (`-p -1`, read back from the server's log), storing in a fresh temporary directory, and
 * waits until it accepts connections. A missing binary is an error that says how to install it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import { connect as tcpConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

/** A running server. */
export interface NatsServer {
  /** `127.0.0.1:PORT`, for `connect({ servers })`. */
  readonly url: string;
  readonly port: number;
  /** Its JetStream store directory (removed by `stop`). */
  readonly storeDir: string;
  /** Stops the server (SIGTERM, then SIGKILL after 5 s) and removes the store directory. */
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 10_000;

/**
 * Where the binary is: `NATS_SERVER_BIN`, the PATH, or Debian's /usr/sbin; throws, saying how to
 * install it, when there is none.
 *
 * @example
 * ```ts
 * findNatsServer(); // '/usr/sbin/nats-server'
 * ```
 */
export function findNatsServer(): string {
  const candidates = [
    process.env['NATS_SERVER_BIN'],
    ...(process.env['PATH'] ?? '').split(delimiter).filter((dir) => dir !== '').map((dir) => join(dir, 'nats-server')),
    '/usr/sbin/nats-server',
    '/usr/bin/nats-server',
  ];
  for (const candidate of candidates) {
    if (candidate === undefined) continue;
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not there; try the next
    }
  }
  throw new Error(
    'nats-server is not installed, and the bridge tests need a real one with JetStream. ' +
      'Install it (Debian/Ubuntu: `apt-get install -y nats-server`; or download it from https://github.com/nats-io/nats-server/releases) ' +
      'or point NATS_SERVER_BIN at the binary.',
  );
}

/** Resolves once something accepts TCP connections on 127.0.0.1:port (bounded by the deadline). */
async function waitForPort(port: number, deadline: number): Promise<void> {
  for (let attempt = 0; Date.now() < deadline && attempt < 500; attempt++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = tcpConnect({ host: '127.0.0.1', port }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`nats-server did not accept connections on 127.0.0.1:${port} in time`);
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts nats-server with JetStream.
 *
 * @example
 * ```ts
 * const server = await startNatsServer();
 * const nc = await connect({ servers: server.url });
 * // ...
 * await server.stop();
 * ```
 */
export async function startNatsServer(): Promise<NatsServer> {
  const binary = findNatsServer();
  const storeDir = mkdtempSync(join(tmpdir(), 'mexc-rx-nats-'));
  const child = spawn(binary, ['-a', '127.0.0.1', '-p', '-1', '-js', '-sd', storeDir], { stdio: ['ignore', 'pipe', 'pipe'] });
  const deadline = Date.now() + START_TIMEOUT_MS;
  let log = '';
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`nats-server did not start in ${START_TIMEOUT_MS} ms; its log:\n${log}`)), START_TIMEOUT_MS);
      const onData = (chunk: Buffer): void => {
        if (log.length < 64_000) log += chunk.toString();
        const match = /Listening for client connections on 127\.0\.0\.1:(\d+)/.exec(log);
        if (match && /Server is ready/.test(log)) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`nats-server exited with code ${String(code)}; its log:\n${log}`));
      });
    });
    await waitForPort(port, deadline);
    return {
      url: `127.0.0.1:${port}`,
      port,
      storeDir,
      async stop() {
        await stopProcess(child);
        rmSync(storeDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await stopProcess(child);
    rmSync(storeDir, { recursive: true, force: true });
    throw error;
  }
}
