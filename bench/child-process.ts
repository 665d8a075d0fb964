/**
 * A benchmark's server in a child process (its own event loop and core, as the real service would
 * be): start it, wait for the first message it sends (its address and credentials), ask it things
 * over IPC, stop it.
 *
 * @module
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const START_TIMEOUT_MS = 180_000;
const STOP_GRACE_MS = 5_000;

/** A started child and what it said when ready. */
export interface BenchChild<Info> {
  readonly child: ChildProcess;
  /** The child's first message. */
  readonly info: Info;
  /**
   * Sends `message` and resolves with the first message `isReply` accepts (rejects if the child
   * exits first).
   */
  ask<Reply>(message: object, isReply: (message: unknown) => message is Reply): Promise<Reply>;
  /** Disconnects; the child closes its servers and exits (killed after a grace period). */
  stop(): Promise<void>;
}

/**
 * Forks `script` (a TypeScript module next to this one, run through tsx as the parent is) and
 * waits for its first message.
 *
 * @example
 * ```ts
 * const server = await startBenchChild<RestServerInfo>(new URL('./rest-server.ts', import.meta.url));
 * await server.stop();
 * ```
 */
export async function startBenchChild<Info>(script: URL, env: Readonly<Record<string, string>> = {}): Promise<BenchChild<Info>> {
  const child = fork(fileURLToPath(script), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env: { ...process.env, ...env } });
  const info = await new Promise<Info>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script.pathname} did not start in time`));
    }, START_TIMEOUT_MS);
    child.once('message', (message) => {
      clearTimeout(timer);
      resolve(message as Info);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script.pathname} exited with code ${String(code)}`));
    });
  });
  return {
    child,
    info,
    ask: <Reply>(message: object, isReply: (message: unknown) => message is Reply) =>
      new Promise<Reply>((resolve, reject) => {
        const onMessage = (reply: unknown): void => {
          if (!isReply(reply)) return;
          child.off('message', onMessage);
          child.off('exit', onExit);
          resolve(reply);
        };
        const onExit = (code: number | null): void => {
          child.off('message', onMessage);
          reject(new Error(`${script.pathname} exited with code ${String(code)} before answering`));
        };
        child.on('message', onMessage);
        child.once('exit', onExit);
        child.send(message);
      }),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      if (child.connected) child.disconnect();
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
