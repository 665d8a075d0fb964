/**
 * Text from outside (a service's message, a word typed on the command line, a cell of a result)
 * made safe to show in a terminal: control characters, which could move the cursor, change
 * colours, ring the bell, rewrite the current line or clear the screen, are written as escapes;
 * so are the characters that reorder or hide text without being seen (bidirectional embeddings,
 * overrides and isolates, zero-width characters and marks, line and paragraph separators, the
 * byte order mark), with which a line can show other text than it holds ("Trojan source").
 * The one rule for every line the command line prints, tables included.
 *
 * @module
 */

/**
 * C0 controls, DEL and C1 controls (0x9b is a one-byte CSI in some terminals); zero-width space,
 * joiners and the left-to-right and right-to-left marks (U+200B-U+200F); the line and paragraph
 * separators (U+2028, U+2029); the bidirectional embeddings and overrides (U+202A-U+202E) and
 * isolates (U+2066-U+2069); the byte order mark, a zero-width no-break space (U+FEFF).
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/g;

function escaped(c: string): string {
  return c === '\n' ? '\\n' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/**
 * A piece of text made safe to print: control, bidirectional and invisible characters are
 * written as `\uXXXX`, and line breaks as `\n`.
 *
 * @example
 * ```ts
 * printable('a\u001b[2Jb'); // 'a\\u001b[2Jb'
 * printable('admin\u202e\u2066// ok'); // 'admin\\u202e\\u2066// ok'
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
