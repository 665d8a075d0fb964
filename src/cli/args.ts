/**
 * Reads a command's arguments with `node:util` `parseArgs`: the command's own options (checked:
 * a flag takes no value, an option needs one), its positionals, and, for `call`, every other
 * `--name value` (or `--name=value`) as an operation parameter in wire text.
 *
 * @module
 */
import { parseArgs } from 'node:util';
import { didYouMean } from '../suggest.js';

/** A command's own options: name to kind. */
export type OptionKinds = Readonly<Record<string, 'boolean' | 'string'>>;

/** A command line read. */
export interface CommandLine {
  /** Flags given (`true`) and options given (their text). */
  readonly options: ReadonlyMap<string, string | true>;
  /** Words that are not options. */
  readonly positionals: readonly string[];
  /** Other `--name value` pairs (only when parameters are allowed). */
  readonly params: ReadonlyMap<string, string>;
}

/** A command line read, or what is wrong with it. */
export type CommandLineResult = { readonly ok: true; readonly line: CommandLine } | { readonly ok: false; readonly message: string };

type Token = ReturnType<typeof parseArgs>['tokens'] extends (infer T)[] | undefined ? T : never;

/**
 * Reads `argv` against `kinds`. With `allowParams`, an option not in `kinds` is a parameter whose
 * value is the next word (or the text after `=`); without, it is an error. `--help` and `-h` are
 * always known.
 *
 * @example
 * ```ts
 * readCommandLine(['M2', '--limit', '50', '--sim'], { sim: 'boolean' }, true);
 * // { ok: true, line: { options: Map { sim => true }, positionals: ['M2'], params: Map { limit => '50' } } }
 * ```
 */
export function readCommandLine(argv: readonly string[], kinds: OptionKinds, allowParams: boolean): CommandLineResult {
  const all: OptionKinds = { ...kinds, help: 'boolean' };
  const config: Record<string, { type: 'boolean' | 'string'; short?: string }> = {};
  for (const [name, type] of Object.entries(all)) config[name] = { type };
  config['help'] = { type: 'boolean', short: 'h' };
  const { tokens } = parseArgs({ args: [...argv], options: config, strict: false, allowPositionals: true, tokens: true });
  const options = new Map<string, string | true>();
  const params = new Map<string, string>();
  const positionals: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token: Token | undefined = tokens[i];
    if (token === undefined || token.kind === 'option-terminator') continue;
    if (token.kind === 'positional') {
      positionals.push(token.value);
      continue;
    }
    const kind = all[token.name];
    if (kind === 'boolean') {
      if (token.value !== undefined) return { ok: false, message: `${token.rawName} takes no value` };
      options.set(token.name, true);
    } else if (kind === 'string') {
      if (token.value === undefined) return { ok: false, message: `${token.rawName} needs a value` };
      options.set(token.name, token.value);
    } else if (!allowParams || !token.rawName.startsWith('--')) {
      return { ok: false, message: `unknown option ${token.rawName}${didYouMean(token.name, Object.keys(all), (name) => `--${name}`)}` };
    } else {
      let value = token.value;
      const next = tokens[i + 1];
      if (value === undefined && next?.kind === 'positional') {
        value = next.value;
        i++;
      }
      if (value === undefined) return { ok: false, message: `${token.rawName} needs a value (write ${token.rawName}=VALUE for a value starting with -)` };
      if (params.has(token.name)) return { ok: false, message: `${token.rawName} given twice` };
      params.set(token.name, value);
    }
  }
  return { ok: true, line: { options, positionals, params } };
}

/**
 * A flag's state.
 *
 * @example
 * ```ts
 * flag(line, 'sim'); // true when --sim was given
 * ```
 */
export function flag(line: CommandLine, name: string): boolean {
  return line.options.get(name) === true;
}

/**
 * An option's text, or `undefined` when not given.
 *
 * @example
 * ```ts
 * text(line, 'base-url') ?? DEFAULT_BASE_URL;
 * ```
 */
export function text(line: CommandLine, name: string): string | undefined {
  const value = line.options.get(name);
  return typeof value === 'string' ? value : undefined;
}

/**
 * An option read as a positive integer: `undefined` when not given, `NaN` when not one.
 *
 * @example
 * ```ts
 * positiveInteger(line, 'max-events'); // 5 for --max-events 5
 * ```
 */
export function positiveInteger(line: CommandLine, name: string): number | undefined {
  const value = text(line, name);
  if (value === undefined) return undefined;
  return /^[1-9]\d{0,14}$/.test(value) ? Number(value) : Number.NaN;
}
