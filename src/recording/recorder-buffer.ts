/**
 * The recorder's buffer between what happens and its sink: lines wait here, bounded, and go to the
 * sink in batches, one batch at a time, never while the stream's own code runs (on a microtask
 * after it). When the buffer is full, records are left out (counted, not made), and the first
 * line written after them is the format's `overflow` marker saying how many. A sink that throws
 * or rejects loses its batch: the recording says so with a marker too, and the recorder's
 * `onDiagnostic` is told; the stream never is.
 *
 * @module
 */
import type { OverflowInput } from './write-recording.js';

/**
 * Where a recording's lines go: called with a batch of lines (each a JSON object, without its
 * line break), in order. It may return a promise: the next batch waits for it (lines made
 * meanwhile wait in the buffer). A throw or a rejection loses that batch, and is reported.
 */
export type RecordingSink = (lines: readonly string[]) => void | PromiseLike<void>;

/** Something the recorder could not do, told to its `onDiagnostic`. */
export interface RecorderDiagnostic {
  /**
   * `overflow`: the buffer was full (the sink is slower than the session): records are left out
   * from here until there is room, and the file says how many. `sink-failed`: the sink threw or
   * rejected: the lines it was given are lost, and the file says how many records that was.
   * Each is told once per spell: again only after the recorder wrote normally in between.
   */
  readonly code: 'overflow' | 'sink-failed';
  /** What happened, in words (secrets removed). */
  readonly message: string;
}

/** What a recorder did so far. */
export interface RecorderReport {
  /** Records handed to the sink, and taken by it (its call returned, or its promise resolved). */
  readonly recordsWritten: number;
  /** Records left out: the buffer was full, or the sink failed with them. */
  readonly recordsLeftOut: number;
  /** Times the sink threw or rejected. */
  readonly sinkFailures: number;
}

/** A line waiting: a record, or a marker standing for the records it counts. */
export interface Pending {
  line: string;
  readonly at: number;
  /** 1 for a record, 0 for a marker. */
  readonly record: 0 | 1;
  /** The records it stands for, should it be lost: 1 for a record, a marker's count. */
  readonly standsFor: number;
  /** When the first of them happened. */
  readonly since: number;
}

/** What the buffer is made with. */
export interface BufferSettings {
  readonly sink: RecordingSink;
  /** The most characters of lines waiting for the sink (besides the batch being written). */
  readonly maxChars: number;
  /** The header line, made when the first batch is written. */
  readonly header: () => string;
  /** The overflow marker's line. */
  readonly marker: (input: OverflowInput) => string;
  /** Told of what could not be done; never throws into the buffer. */
  readonly diagnose: (diagnostic: RecorderDiagnostic) => void;
  /** A failure of the sink, in words with the secrets removed. */
  readonly describe: (error: unknown) => string;
}

function isThenable(value: unknown): value is PromiseLike<void> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

/**
 * The bounded buffer of one recorder.
 *
 * @example
 * ```ts
 * const buffer = new RecordingBuffer({ sink: (lines) => void out.push(...lines), maxChars: 1e6, header, marker, diagnose, describe });
 * buffer.add(Date.now(), () => writer.lifecycle({ at: Date.now(), event }));
 * await buffer.flush();
 * ```
 */
export class RecordingBuffer {
  private pending: Pending[] = [];
  private chars = 0;
  private headerWritten = false;
  private writing = false;
  private scheduled = false;
  private leftOut: { count: number; since: number; last: number } | undefined;
  private overflowTold = false;
  private failing = false;
  private waiters: (() => void)[] = [];
  private written = 0;
  private leftOutTotal = 0;
  private failures = 0;

  constructor(private readonly settings: BufferSettings) {}

  /**
   * Takes a record whose line `make` makes: made only when there is room (for at least
   * `estimate` characters), and kept at its place in the order. Returns the pending line (to be
   * filled in later when `make` gave an empty one, see {@link fill}), or `undefined` when it was
   * left out.
   */
  add(at: number, make: () => string, estimate = 0): Pending | undefined {
    // `estimate`: the least the line will take (a frame's base64), so a huge one is never made.
    if (this.chars >= this.settings.maxChars || this.chars + estimate > this.settings.maxChars) return this.leaveOut(at, 1);
    let line: string;
    try {
      line = make();
    } catch {
      // A value the writer cannot turn into JSON: left out, counted, never thrown into the stream.
      return this.leaveOut(at, 1);
    }
    if (this.chars + line.length > this.settings.maxChars) return this.leaveOut(at, 1);
    this.resume(at);
    const entry: Pending = { line, at, record: 1, standsFor: 1, since: at };
    this.pending.push(entry);
    this.chars += line.length;
    this.kick();
    return entry;
  }

  /**
   * Fills in the line of a record taken with an empty line (its place kept while what it needs
   * was not known yet: whether a frame's event was delivered). Done before the microtask that
   * writes it. A line `make` cannot make stays empty (a reader skips blank lines).
   */
  fill(entry: Pending, make: () => string): void {
    try {
      entry.line = make();
      this.chars += entry.line.length;
    } catch {
      // Left empty: the record is missing from the file; never thrown into the stream.
    }
  }

  /** Resolves once every line so far was handed to the sink and its call ended (the header at least). Never rejects. */
  flush(): Promise<void> {
    if (this.leftOut !== undefined) this.resume(this.leftOut.last);
    this.kick(true);
    if (this.idle()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** What was done so far. */
  report(): RecorderReport {
    return { recordsWritten: this.written, recordsLeftOut: this.leftOutTotal, sinkFailures: this.failures };
  }

  private idle(): boolean {
    return !this.writing && !this.scheduled && this.pending.length === 0;
  }

  /** Counts records left out since the last line written, for the next marker. */
  private count(count: number, since: number, last: number): void {
    if (this.leftOut === undefined) this.leftOut = { count: 0, since, last };
    this.leftOut.count += count;
    this.leftOut.since = Math.min(this.leftOut.since, since);
    this.leftOut.last = Math.max(this.leftOut.last, last);
  }

  private leaveOut(at: number, records: number): undefined {
    this.count(records, at, at);
    this.leftOutTotal += records;
    if (!this.overflowTold && !this.failing) {
      this.overflowTold = true;
      this.settings.diagnose({ code: 'overflow', message: 'the recording buffer is full (the sink is slower than the session): records are left out until there is room, and the recording says how many' });
    }
    return undefined;
  }

  /** Writing resumes: first the marker of what was left out, if anything was. */
  private resume(at: number): void {
    const left = this.leftOut;
    if (left === undefined) return;
    this.leftOut = undefined;
    this.overflowTold = false;
    const line = this.settings.marker({ at, since: left.since, records: left.count });
    this.pending.push({ line, at, record: 0, standsFor: left.count, since: left.since });
    this.chars += line.length;
  }

  /** Writes on a microtask what waits; with `header`, the header alone too when it was never written. */
  private kick(header = false): void {
    if (this.writing || this.scheduled || (this.pending.length === 0 && (this.headerWritten || !header))) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      this.write();
    });
  }

  private write(): void {
    if (this.writing) return;
    const batch = this.pending;
    this.pending = [];
    this.chars = 0;
    const withHeader = !this.headerWritten;
    const lines = batch.map((entry) => entry.line);
    if (withHeader) lines.unshift(this.settings.header());
    let result: unknown;
    try {
      result = this.settings.sink(lines);
    } catch (error: unknown) {
      this.failed(batch, error);
      return this.settle();
    }
    if (!isThenable(result)) {
      this.succeeded(batch, withHeader);
      this.kick();
      return this.settle();
    }
    this.writing = true;
    const done = (error?: { readonly error: unknown }): void => {
      this.writing = false;
      if (error === undefined) this.succeeded(batch, withHeader);
      else this.failed(batch, error.error);
      this.kick();
      this.settle();
    };
    try {
      result.then(
        () => done(),
        (error: unknown) => done({ error }),
      );
    } catch (error: unknown) {
      done({ error });
    }
  }

  private succeeded(batch: readonly Pending[], withHeader: boolean): void {
    if (withHeader) this.headerWritten = true;
    this.failing = false;
    for (const entry of batch) this.written += entry.record;
  }

  /** The sink lost `batch`: its records count as left out, and the next line written says so. */
  private failed(batch: readonly Pending[], error: unknown): void {
    this.failures += 1;
    const records = batch.reduce((n, entry) => n + entry.record, 0);
    this.leftOutTotal += records;
    if (!this.failing) {
      this.failing = true;
      this.settings.diagnose({ code: 'sink-failed', message: `the recording's sink failed (${this.settings.describe(error)}): ${records} records lost, and the recording says so` });
    }
    // A loop, not a spread into Math.min: a batch may hold more lines than a call takes arguments.
    let standsFor = 0;
    let since = Infinity;
    let last = -Infinity;
    for (const entry of batch) {
      standsFor += entry.standsFor;
      since = Math.min(since, entry.since);
      last = Math.max(last, entry.at);
    }
    if (standsFor > 0) this.count(standsFor, since, last);
  }

  private settle(): void {
    if (!this.idle()) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}
