/**
 * Reads Prometheus' text exposition format as far as the tests need: each sample line as its
 * metric name, labels and value. Comments (`# HELP`, `# TYPE`, `# UNIT`) are skipped.
 */

/** One sample of a scrape. */
export interface Sample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

const SAMPLE = /^([A-Za-z_:][\w:]*)(?:\{(.*)\})? (\S+)(?: \d+)?$/;
const LABEL = /([A-Za-z_]\w*)="((?:[^"\\]|\\.)*)"/g;

/**
 * Every sample of `text`; a line that is neither a comment, blank, nor a sample throws.
 *
 * @example
 * ```ts
 * parseSamples('m_total{kind="deal"} 3\n'); // [{ name: 'm_total', labels: { kind: 'deal' }, value: 3 }]
 * ```
 */
export function parseSamples(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = SAMPLE.exec(line);
      if (match === null) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(LABEL)].map(([, key, value]) => [key ?? '', JSON.parse(`"${value ?? ''}"`) as string]));
      return { name: match[1] ?? '', labels, value: Number(match[3]) };
    });
}

/**
 * The sum of the samples named `name` whose labels include `where`.
 *
 * @example
 * ```ts
 * total(samples, 'mexc_rx_stream_events_total', { kind: 'deal' });
 * ```
 */
export function total(samples: readonly Sample[], name: string, where: Readonly<Record<string, string>> = {}): number {
  return samples
    .filter((sample) => sample.name === name && Object.entries(where).every(([key, value]) => sample.labels[key] === value))
    .reduce((sum, sample) => sum + sample.value, 0);
}
