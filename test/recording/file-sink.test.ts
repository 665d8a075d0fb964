/**
 * recordingFileSink: a recording's lines in a file of its own, which it refuses to overwrite unless
 * told to, closed by the recorder.
 */
import { describe, expect, it } from '@jest/globals';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstValueFrom, of } from 'rxjs';
import { createRecorder, recordingFileSink, ValidationError } from '../../src/index.js';
import { readAll, recordsOf } from './support.js';

describe('recordingFileSink', () => {
  it('writes each batch as lines ended by a line break, refuses a file that exists unless told to overwrite, and is closed by the recorder', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mexc-rx-sink-'));
    try {
      const path = join(dir, 'session.ndjson');
      const recorder = createRecorder({ sink: await recordingFileSink(path), clock: () => 1 });
      await firstValueFrom(recorder.record('mine', () => of({ ok: true })));
      await recorder.close();
      const text = await readFile(path, 'utf8');
      expect(text.endsWith('\n')).toBe(true);
      expect(recordsOf(readAll(text.split('\n'))).map((r) => r.record)).toEqual(['header', 'rest']);
      await expect(recordingFileSink(path)).rejects.toThrow(/EEXIST/);
      await writeFile(path, 'old');
      const sink = await recordingFileSink(path, { overwrite: true });
      await sink(['{"a":1}']);
      await sink.close();
      await expect(sink(['{"a":2}'])).rejects.toThrow('the recording file is closed');
      expect(await readFile(path, 'utf8')).toBe('{"a":1}\n');
      await expect(recordingFileSink(join(dir, 'missing', 'x.ndjson'))).rejects.toThrow(/ENOENT/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it.each([
    [{ overwrite: 'yes' }, 'overwrite', 'true or false'],
    [{ overwrite: 1 }, 'overwrite', 'true or false'],
    [{ overwrit: true }, 'overwrit', 'not a setting (did you mean overwrite?)'],
  ])('rejects %p before any file is opened, naming the setting (it was read as no overwrite)', async (options, field, rule) => {
    const dir = await mkdtemp(join(tmpdir(), 'mexc-rx-sink-'));
    try {
      const path = join(dir, 'session.ndjson');
      await writeFile(path, 'old');
      const refused = await recordingFileSink(path, options as never).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(ValidationError);
      expect((refused as ValidationError).issues).toEqual([{ field, rule }]);
      expect(await readFile(path, 'utf8')).toBe('old');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
