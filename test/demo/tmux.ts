/**
 * A program run in a real pseudo-terminal: a detached tmux session of a chosen size, on a private
 * server (`tmux -L <unique name>`, no configuration file), so a test never touches the user's own
 * tmux. The test reads the screen as the user would see it (`capture-pane`), can resize the
 * terminal, and kills the server at the end.
 */
import { execFile } from 'node:child_process';

/** A running tmux session. */
export interface TmuxSession {
  /** The visible screen, one string per row, wrapped rows joined, trailing spaces and empty rows dropped. */
  screen(): Promise<string[]>;
  /** Everything the terminal holds: the scrollback history and the screen. */
  everything(): Promise<string[]>;
  /** Resizes the terminal (the program gets SIGWINCH). */
  resize(columns: number, rows: number): Promise<void>;
  /** Stops the session and its private server. */
  kill(): Promise<void>;
}

/** The tmux to run: `TMUX_BIN` (set by `npm run test:all`), else the one on the PATH. */
const TMUX = process.env['TMUX_BIN'] ?? 'tmux';

function tmux(socket: string | undefined, args: readonly string[]): Promise<string> {
  const server = socket === undefined ? [] : ['-L', socket, '-f', '/dev/null'];
  return new Promise((resolve, reject) => {
    execFile(TMUX, [...server, ...args], { timeout: 10_000 }, (error, stdout, stderr) => {
      if (error === null) resolve(stdout);
      else if ((error as NodeJS.ErrnoException).code === 'ENOENT') reject(new Error('tmux is not installed or not on PATH: install it (apt-get install tmux; `npm run test:all` does so itself when it may) or set TMUX_BIN; the terminal tests run the demo inside tmux'));
      else reject(new Error(`tmux ${args[0] ?? ''} failed: ${stderr || error.message}`));
    });
  });
}

function screenRows(text: string): string[] {
  const lines = text.split('\n').map((line) => line.trimEnd());
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

let sessions = 0;

/**
 * Runs `command` (a shell command line) in `cwd` in a new tmux terminal of `columns` x `rows`.
 *
 * @example
 * ```ts
 * const term = await startInTmux('npx tsx examples/demo/main.ts', process.cwd(), 80, 24);
 * try { console.log(await term.screen()); } finally { await term.kill(); }
 * ```
 */
export async function startInTmux(command: string, cwd: string, columns: number, rows: number): Promise<TmuxSession> {
  sessions += 1;
  const socket = `mexc-rx-test-${process.pid}-${sessions}-${Date.now()}`;
  await tmux(socket, ['new-session', '-d', '-s', 'test', '-c', cwd, '-x', String(columns), '-y', String(rows), command]);
  return {
    screen: async () => screenRows(await tmux(socket, ['capture-pane', '-p', '-J', '-t', 'test'])),
    everything: async () => screenRows(await tmux(socket, ['capture-pane', '-p', '-J', '-S', '-', '-E', '-', '-t', 'test'])),
    resize: async (width, height) => void (await tmux(socket, ['resize-window', '-t', 'test', '-x', String(width), '-y', String(height)])),
    kill: async () => {
      await tmux(socket, ['kill-server']).catch(() => undefined);
    },
  };
}

/** Version of the tmux on PATH; fails with what to do when there is none. */
export async function tmuxVersion(): Promise<string> {
  return (await tmux(undefined, ['-V'])).trim();
}
