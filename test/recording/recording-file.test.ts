/**
 * recordingFile: a recording on disk, read line by line afresh for each replay run, CRLF line
 * ends and a last line cut short included; a file that cannot be read fails the replay with the
 * file system's error. And the version the header names is the package's.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lastValueFrom, map, toArray } from 'rxjs';
import { recordingFile, replaySession, type RecordingDiagnostic } from '../../src/index.js';
import { LIBRARY_VERSION } from '../../src/version.js';
import { headerLine, sampleLines } from './support.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mexc-rx-recording-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('recordingFile', () => {
  it('replays a file, read again for each run, with a cut last line skipped and reported', async () => {
    const path = join(dir, 'session.ndjson');
    const lines = [headerLine(), ...sampleLines()];
    await writeFile(path, `${lines.join('\r\n')}\r\n${lines[1]?.slice(0, 30) ?? ''}`);
    const diagnostics: RecordingDiagnostic[] = [];
    const session = replaySession(recordingFile(path), { onDiagnostic: (d) => diagnostics.push(d) });
    const first = await lastValueFrom(session.pipe(map((e) => e.type), toArray()));
    const second = await lastValueFrom(session.pipe(map((e) => e.type), toArray()));
    expect(first).toEqual(['connected', 'account', 'deal', 'gap']);
    expect(second).toEqual(first);
    expect(diagnostics.map((d) => `${d.code}@${d.line}`)).toEqual([`truncated-last-line@${lines.length + 1}`, `truncated-last-line@${lines.length + 1}`]);
  });

  it("fails the replay with the file system's error when the file cannot be read", async () => {
    await expect(lastValueFrom(replaySession(recordingFile(join(dir, 'missing.ndjson'))))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('the version a recording names', () => {
  it("is the package's", () => {
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(LIBRARY_VERSION).toBe(manifest.version);
    expect(JSON.parse(headerLine())).toMatchObject({ library: 'mexc-rx', version: manifest.version });
  });
});
