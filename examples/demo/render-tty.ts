/**
 * The live terminal view: a thin shell around the pure layout. While the demo runs it owns the
 * terminal's alternate screen (as `top` or `less` do) and redraws every line of it from the top,
 * so nothing of an earlier frame can survive, whatever the terminal did in between (a resize, a
 * reflow); on a resize it redraws at once for the new size. At the end it gives the normal screen
 * back and prints the final frame there, fitted to leave room for the summary below it.
 *
 * log-update is not used: it keeps the last rows of a frame taller than the terminal (so the
 * status line and the balances were the ones lost), and it erases by counting the lines it wrote,
 * which goes wrong once the terminal reflows them on a resize.
 */
import ansiEscapes from 'ansi-escapes';
import pc from 'picocolors';
import { frameModel } from './frame-model.js';
import { layoutFrame, type FrameLine, type LineStyle, type TerminalSize } from './layout.js';
import type { DemoView, Renderer } from './view-model.js';

/** What the demo needs of its standard output. */
export interface TerminalOutput {
  readonly columns?: number | undefined;
  readonly rows?: number | undefined;
  write(text: string): unknown;
  on(event: 'resize', listener: () => void): unknown;
  off(event: 'resize', listener: () => void): unknown;
}

const PAINT: Readonly<Record<LineStyle, (text: string) => string>> = {
  title: pc.bold,
  warning: (text) => pc.bold(pc.yellow(text)),
  heading: pc.bold,
  stale: (text) => pc.bold(pc.yellow(text)),
  head: pc.dim,
  body: (text) => text,
};

const paint = (line: FrameLine): string => PAINT[line.style](line.text);

function sizeOf(out: TerminalOutput): TerminalSize {
  return { columns: out.columns ?? 80, rows: out.rows ?? 24 };
}

/** The whole alternate screen, rewritten: each row erased then written, the rows below erased. */
function screen(lines: readonly FrameLine[], rows: number): string {
  const drawn = lines.map((line, row) => `${ansiEscapes.cursorTo(0, row)}${ansiEscapes.eraseLine}${paint(line)}`).join('');
  const below = lines.length < rows ? `${ansiEscapes.cursorTo(0, lines.length)}${ansiEscapes.eraseDown}` : '';
  return `${ansiEscapes.beginSynchronizedOutput}${drawn}${below}${ansiEscapes.endSynchronizedOutput}`;
}

/**
 * A view drawn on `out`'s alternate screen, redrawn at most every `intervalMs` and at once on a
 * resize.
 *
 * @example
 * ```ts
 * const renderer = ttyRenderer(process.stdout);
 * renderer.update(view);
 * renderer.done(view, ['Summary', '  ...']);
 * ```
 */
export function ttyRenderer(out: TerminalOutput, intervalMs = 100): Renderer {
  let latest: DemoView | undefined;
  let drawnAt = 0;
  let open = true;
  let pending: ReturnType<typeof setTimeout> | undefined;
  const draw = (): void => {
    clearTimeout(pending);
    pending = undefined;
    if (!open || latest === undefined) return;
    const size = sizeOf(out);
    drawnAt = Date.now();
    out.write(screen(layoutFrame(frameModel(latest), size), size.rows));
  };
  const onResize = (): void => {
    out.write(ansiEscapes.eraseScreen);
    draw();
  };
  const close = (): void => {
    if (!open) return;
    open = false;
    clearTimeout(pending);
    out.off('resize', onResize);
    out.write(`${ansiEscapes.exitAlternativeScreen}${ansiEscapes.cursorShow}`);
  };
  out.write(`${ansiEscapes.enterAlternativeScreen}${ansiEscapes.cursorHide}${ansiEscapes.eraseScreen}`);
  out.on('resize', onResize);
  return {
    update(view) {
      latest = view;
      const wait = drawnAt + intervalMs - Date.now();
      if (wait <= 0) draw();
      // The last change of a burst is drawn too, a moment later.
      else pending ??= setTimeout(draw, wait);
    },
    done(view, summary) {
      close();
      const size = sizeOf(out);
      // Room for the summary and for the shell's prompt after it.
      const frame = layoutFrame(frameModel(view), { columns: size.columns, rows: size.rows - summary.length - 1 });
      out.write([...frame.map(paint), ...summary].map((line) => `${line}\n`).join(''));
    },
    close,
  };
}
