/**
 * The exact bounds of what diagnostics mask and quote: which listen keys a stream remembers (the
 * last eight distinct ones), how a `listenKey=` value nobody remembers is still masked, and where
 * a long message is cut.
 */
import { describe, expect, it } from '@jest/globals';
import { KnownKeys, safeDiagnostic } from '../../src/stream/supervisor/diagnostics.js';

const asIs = (text: string): string => text;

describe('the listen keys a stream remembers', () => {
  it('are none at first', () => {
    expect(new KnownKeys().list()).toEqual([]);
  });

  it('are each listed once, in the order first held, and never the empty key', () => {
    const keys = new KnownKeys();
    keys.remember('key-a');
    keys.remember('');
    keys.remember('key-b');
    keys.remember('key-a');
    expect(keys.list()).toEqual(['key-a', 'key-b']);
  });

  it('are the last eight: a ninth key makes the stream forget the first', () => {
    const keys = new KnownKeys();
    const held = Array.from({ length: 9 }, (_, i) => `key-${i + 1}`);
    for (const key of held.slice(0, 8)) keys.remember(key);
    expect(keys.list()).toEqual(held.slice(0, 8));
    keys.remember('key-9');
    expect(keys.list()).toEqual(held.slice(1));
  });

  it('stay eight when a key already remembered comes again', () => {
    const keys = new KnownKeys();
    const held = Array.from({ length: 8 }, (_, i) => `key-${i + 1}`);
    for (const key of held) keys.remember(key);
    keys.remember('key-1');
    expect(keys.list()).toEqual(held);
  });
});

describe('a diagnostic message made safe', () => {
  it('masks a listenKey= value even when the key is not one remembered', () => {
    const message = 'PUT https://api.example/api/v3/userDataStream?listenKey=abcdefghijklmnopqrstuvwxyz&timestamp=1 failed';
    expect(safeDiagnostic(message, asIs, [])).toBe('PUT https://api.example/api/v3/userDataStream?listenKey=abcd…wxyz&timestamp=1 failed');
  });

  it('ends a listenKey= value at a quote, a hash or a space, and leaves a value already masked as it is', () => {
    expect(safeDiagnostic(`url "wss://x/ws?listenKey=abcdefghijklmnopqrstuvwxyz" refused`, asIs, [])).toBe('url "wss://x/ws?listenKey=abcd…wxyz" refused');
    expect(safeDiagnostic('wss://x/ws?LISTENKEY=abcdefghijklmnopqrstuvwxyz#top', asIs, [])).toBe('wss://x/ws?LISTENKEY=abcd…wxyz#top');
    expect(safeDiagnostic('wss://x/ws?listenKey=abcd…wxyz closed', asIs, [])).toBe('wss://x/ws?listenKey=abcd…wxyz closed');
  });

  it('masks a remembered key wherever it appears, and ignores an empty one', () => {
    expect(safeDiagnostic('key abcdefghijklmnopqrstuvwxyz refused', asIs, ['', 'abcdefghijklmnopqrstuvwxyz'])).toBe('key abcd…wxyz refused');
    expect(safeDiagnostic('nothing secret', asIs, [''])).toBe('nothing secret');
  });

  it('redacts before it masks', () => {
    const redact = (text: string): string => text.replaceAll('s3cret', '[redacted]');
    expect(safeDiagnostic('signature s3cret rejected', redact, [])).toBe('signature [redacted] rejected');
  });

  it('keeps a message of exactly 1000 characters whole, and cuts a longer one to 1000 and an ellipsis', () => {
    const exact = 'x'.repeat(1000);
    expect(safeDiagnostic(exact, asIs, [])).toBe(exact);
    const longer = `${'y'.repeat(1000)}z`;
    const cut = safeDiagnostic(longer, asIs, []);
    expect(cut).toHaveLength(1001);
    expect(cut).toBe(`${'y'.repeat(1000)}…`);
  });
});
