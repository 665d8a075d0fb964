/**
 * Nothing secret is ever written: the writer is handed every place a secret could hide (the URL,
 * REST parameters and replies, text and binary frames, error messages, diagnostics) and the file
 * it makes is searched for each secret, as text and inside the decoded binary frames.
 */
import { describe, expect, it } from '@jest/globals';
import { base64Decode } from '@bufbuild/protobuf/wire';
import { encodePushFrame } from '../../src/simulator/ws/encode-frame.js';
import { maskListenKey } from '../../src/stream/lifecycle.js';
import { createRecordingWriter } from '../../src/recording/write-recording.js';
import { accountEvent } from '../stream/fixtures.js';
import { diagnosticsOf, readAll, sessionRecordsOf } from './support.js';

const API_KEY = 'mx0vglTestApiKey7Qh2';
const SECRET_KEY = '9f8e7d6c5b4a39281706f5e4d3c2b1a0';
const LISTEN_KEY = 'pqia91ma19a5s61cv6a81va65sdf19v8a65a1a5s61cv6a81va65sdf19v8a65a1';
const NEW_LISTEN_KEY = 'zzkd81ma19a5s61cv6a81va65sdf19v8a65a1a5s61cv6a81va65sdf19v8b77b2';
const LEARNED_KEY = 'lrnd81ma19a5s61cv6a81va65sdf19v8a65a1a5s61cv6a81va65sdf19v8c88c3';
const SIGNATURE = 'c0ffee1234567890abcdef1234567890abcdef1234567890abcdef1234567890';
const SUB_API_KEY = 'mx0vglSubAccountKey99';
const SUB_SECRET = 'subSecretValue0123456789';
const URL_PASSWORD = 'proxyPassw0rd';
const FUND_PASSWORD = '5f4dcc3b5aa765d61d8327deb882cf99';

/** A session that puts every secret everywhere it could show. */
function writeHostileSession(): string {
  const writer = createRecordingWriter({ secrets: [API_KEY, SECRET_KEY] });
  const lines: string[] = [];
  lines.push(writer.header({ startedAt: 1, channels: ['spot@private.orders.v3.api.pb'], wsUrl: `wss://me:${URL_PASSWORD}@wbs-api.mexc.com/ws?listenKey=${LISTEN_KEY}#${LISTEN_KEY}` }));
  writer.listenKey(LISTEN_KEY);
  lines.push(writer.rest({ operation: 'L1', at: 2, params: { timestamp: 2, signature: SIGNATURE }, reply: { listenKey: NEW_LISTEN_KEY } }));
  lines.push(writer.frame({ connection: 1, at: 3, data: `{"msg":"Invalid listen key ${LISTEN_KEY} for ${API_KEY}","key":"${NEW_LISTEN_KEY}"}` }));
  lines.push(writer.frame({ connection: 1, at: 4, data: `GET /api/v3/userDataStream?listenKey=${LEARNED_KEY}&signature=${SIGNATURE} ${SECRET_KEY}` }));
  const hostileBytes = encodePushFrame({ ...accountEvent, asset: LISTEN_KEY, coinId: API_KEY, changeType: SECRET_KEY });
  lines.push(writer.frame({ connection: 1, at: 5, data: hostileBytes }));
  lines.push(writer.rest({ operation: 'M3', at: 6, params: { subAccount: 's1', apiKey: SUB_API_KEY }, reply: { subAccount: 's1', apiKey: SUB_API_KEY, secretKey: SUB_SECRET, permissions: ['SPOT_ACCOUNT_READ'] } }));
  lines.push(writer.rest({ operation: 'M4', at: 7, params: {}, reply: { list: [{ apikey: SUB_API_KEY, nested: [{ Secret: SUB_SECRET }] }] } }));
  lines.push(writer.rest({ operation: 'B12', at: 8, params: { coin: 'USDT', password: FUND_PASSWORD, fundPassword: FUND_PASSWORD }, reply: { id: 'w1' } }));
  lines.push(writer.rest({ operation: 'L3', at: 9, params: { listenKey: LEARNED_KEY }, error: new Error(`PUT ?listenKey=${LEARNED_KEY}&signature=${SIGNATURE} with ${API_KEY} failed`) }));
  lines.push(writer.rest({ operation: 'L2', at: 10, params: {}, reply: { listenKeys: [LISTEN_KEY, NEW_LISTEN_KEY, LEARNED_KEY] } }));
  lines.push(writer.lifecycle({ at: 11, event: { type: 'diagnostic', code: 'keepalive-failed', message: `key ${NEW_LISTEN_KEY} refused ${SECRET_KEY}`, at: 11 } }));
  lines.push(writer.lifecycle({ at: 12, event: { type: 'connected', connection: 2, listenKey: LEARNED_KEY, at: 12 } }));
  lines.push(writer.frame({ connection: 2, at: 13, data: encodePushFrame({ ...accountEvent, asset: LEARNED_KEY }) }));
  return `${lines.join('\n')}\n`;
}

const SECRETS: Readonly<Record<string, string>> = {
  'api key': API_KEY,
  'secret key': SECRET_KEY,
  'listen key in the URL': LISTEN_KEY,
  'listen key from L1': NEW_LISTEN_KEY,
  'listen key of a keepalive': LEARNED_KEY,
  signature: SIGNATURE,
  "sub-account's api key": SUB_API_KEY,
  "sub-account's secret": SUB_SECRET,
  'URL password': URL_PASSWORD,
  'fund password': FUND_PASSWORD,
};

describe('a recording never holds a secret', () => {
  const file = writeHostileSession();
  const binaries = sessionRecordsOf(readAll(file.split('\n'))).flatMap((record) => (record.record === 'frame' && 'binary' in record ? [Buffer.from(base64Decode(record.binary)).toString('latin1')] : []));

  it('reads back as a recording with nothing to report', () => {
    expect(diagnosticsOf(readAll(file.split('\n')))).toEqual([]);
    expect(binaries).toHaveLength(2);
  });

  it.each(Object.entries(SECRETS))('not the %s, in the text or inside a binary frame', (_what, secret) => {
    expect(file).not.toContain(secret);
    for (const bytes of binaries) expect(bytes).not.toContain(secret);
  });

  it('keeps each listen key as its fingerprint, so lines can still be told apart', () => {
    for (const key of [LISTEN_KEY, NEW_LISTEN_KEY, LEARNED_KEY]) expect(file).toContain(maskListenKey(key));
  });

  it('marks the frames it had to change, and only those', () => {
    const frames = sessionRecordsOf(readAll(file.split('\n'))).flatMap((record) => (record.record === 'frame' ? [record.redacted === true] : []));
    expect(frames).toEqual([true, true, true, true]);
    const clean = createRecordingWriter({ secrets: [API_KEY] });
    expect(clean.frame({ connection: 1, at: 1, data: encodePushFrame(accountEvent) })).not.toContain('redacted');
    expect(clean.frame({ connection: 1, at: 1, data: '{"id":0,"code":0,"msg":"PONG"}' })).not.toContain('redacted');
  });

  it('writes parameters given as a list as an object, so the line reads back', () => {
    const writer = createRecordingWriter();
    writer.listenKey(LISTEN_KEY);
    const line = writer.rest({ operation: 'own', at: 1, params: ['a', LISTEN_KEY], reply: 1 });
    expect(diagnosticsOf(readAll([JSON.stringify({ record: 'header', format: 1, library: 'mexc-rx', version: '0', startedAt: 0, channels: [] }), line]))).toEqual([]);
    expect(JSON.parse(line)).toMatchObject({ params: { value: ['a', maskListenKey(LISTEN_KEY)] } });
  });

  it('writes the websocket URL without its query, fragment or password', () => {
    const header = JSON.parse(file.split('\n')[0] ?? '') as { wsUrl: string };
    expect(header.wsUrl).toBe('wss://wbs-api.mexc.com/ws');
  });
});
