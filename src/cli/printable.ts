/**
 * Text from outside (a service's message, a word typed on the command line, a cell of a result)
 * made safe to show in a terminal: control characters, which could move the cursor, change
 * colours, ring the bell, rewrite the current line or clear the screen, are written as escapes.
 * The one rule for every line the command line prints, tables included.
 *
 * @module
 */

/** C0 controls, DEL and C1 controls (0x9b is a one-byte CSI in some terminals). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

function escaped(c: string): string {
  return c === '\n' ? '\\n' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/**
 * A piece of text made safe to print: control characters are written as `\uXXXX`, and line
 * breaks as `\n`.
 *
 * @example
 * ```ts
 * printable('a\u001b[2Jb'); // 'a\\u001b[2Jb'
 * ```
 */
export function printable(text: string): string {
  return text.replace(CONTROL, escaped);
}

/**
 * Text of several lines made safe to print: each line as {@link printable} writes it, the line
 * breaks between them kept. An escape in JSON text (`\u009b` for a C1 control JSON leaves raw)
 * reads back as the same character, so NDJSON and JSON stay valid and mean the same.
 *
 * @example
 * ```ts
 * printableLines('one\r\ntwo\u0007\n'); // 'one\\u000d\ntwo\\u0007\n'
 * ```
 */
export function printableLines(text: string): string {
  return text.split('\n').map(printable).join('\n');
}
