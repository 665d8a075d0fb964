/**
 * The settings of replaySession and createRecordingWriter, as a careless user gives them: each bad
 * one is refused when the replay or the writer is made (a ValidationError, operation `config`,
 * naming the field and its rule), never taken and failing later: `scheduler: {}` once failed the
 * replay when it started, `onDiagnostic: 'x'` at the first skipped line, and `secrets: apiKey` (a
 * text, not a list) threw a TypeError.
 */
import { describe, expect, it } from '@jest/globals';
import { VirtualTimeScheduler } from 'rxjs';
import { createRecordingWriter, replaySession, type RecordingWriterOptions, type ReplayOptions } from '../../src/index.js';
import { configIssues, loose } from '../support/settings.js';

const SECRET = 'mx0vglRECORDINGxSECRETx0123456789';
const LINES = ['{"record":"header","format":1,"library":"mexc-rx","version":"0.1.0","startedAt":0,"channels":[]}'];

const REPLAY: readonly [string, ReplayOptions, string, string][] = [
  ['a scheduler that is none', { scheduler: loose({}) }, 'scheduler', 'an rxjs scheduler (with schedule and now)'],
  ['onDiagnostic that is not a function', { onDiagnostic: loose('x') }, 'onDiagnostic', 'a function'],
  ['an unknown pace', { pace: loose('slow') }, 'pace', 'one of as-fast-as-possible, recorded'],
  ['speed 0', { pace: 'recorded', speed: 0 }, 'speed', 'a number, finite, above 0'],
  ['a speed without the recorded pace, even 1', { speed: 1 }, 'speed', "only with pace 'recorded'"],
  ['a misspelt name', loose({ sped: 2 }), 'sped', 'not a setting (did you mean speed?)'],
];

const WRITER: readonly [string, RecordingWriterOptions, string][] = [
  ['secrets given as one text', { secrets: loose(SECRET) }, 'secrets'],
  ['secrets holding a number', { secrets: loose([SECRET, 42]) }, 'secrets'],
  ['secrets null', { secrets: loose(null) }, 'secrets'],
  ['a misspelt name', loose({ secret: [SECRET] }), 'secret'],
];

describe('replaySession settings', () => {
  it.each(REPLAY)('refuses %s when the replay is made', (_name, options, field, rule) => {
    expect(configIssues(() => replaySession(LINES, options))).toEqual([{ field, rule }]);
  });

  it('takes every setting, an explicit undefined as left out', () => {
    const scheduler = new VirtualTimeScheduler();
    expect(() => replaySession(LINES, { pace: 'recorded', speed: 0.5, scheduler, onDiagnostic: () => undefined })).not.toThrow();
    expect(() => replaySession(LINES, { pace: undefined, speed: undefined, scheduler: undefined, onDiagnostic: undefined })).not.toThrow();
  });
});

describe('createRecordingWriter settings', () => {
  it.each(WRITER)('refuses %s when the writer is made, never printing a secret', (_name, options, field) => {
    const issues = configIssues(() => createRecordingWriter(options));
    expect(issues).toEqual([{ field, rule: expect.any(String) }]);
    expect(JSON.stringify(issues)).not.toContain(SECRET);
  });

  it('takes a list of texts, a key not set among them, and no settings at all', () => {
    expect(() => createRecordingWriter({ secrets: [SECRET, undefined] })).not.toThrow();
    expect(() => createRecordingWriter({ secrets: undefined })).not.toThrow();
    expect(() => createRecordingWriter()).not.toThrow();
  });
});
