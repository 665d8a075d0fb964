/**
 * What a browser page leaves out. A browser build carries no undici sender: the `browser` field of
 * `package.json` swaps `node-sender.js` for a stand-in whose `nodeSender()` finds nothing, which is
 * what `node-sender.ts` finds in a browser anyway (and no page carries undici). Node, jest and tsc never read that field (the runtime tests in
 * `runtime-transport.test.ts` hold the Node side). And a page that makes no recorder carries no
 * recording code: the recorder brings its wrappers (`RecorderHooks.wrappers`). A page that calls one
 * operation carries that operation's codecs, not its neighbours' (every codec and endpoint row is
 * built by calls marked pure, which a bundler drops when nothing uses them), and a page that never
 * streams carries none of the stream's metrics.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { weighPage } from '../../bench/bundle-build.js';
import * as browserStandIn from '../../src/http/node-sender-browser.js';
import * as nodeSender from '../../src/http/node-sender.js';
import * as requireStandIn from '../../src/internal/node-require-browser.js';
import * as nodeRequire from '../../src/internal/node-require.js';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { readonly browser?: Readonly<Record<string, string>> };
const swaps = Object.entries(pkg.browser ?? {});
const sourceOf = (built: string): string => built.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts');

describe('the browser field of package.json', () => {
  it('swaps files of the built package for files that exist, and swaps node-sender.js', () => {
    expect(swaps).toContainEqual(['./dist/http/node-sender.js', './dist/http/node-sender-browser.js']);
    for (const [from, to] of swaps) {
      expect(existsSync(sourceOf(from))).toBe(true);
      expect(existsSync(sourceOf(to))).toBe(true);
    }
  });

  it('gives a stand-in exporting what the undici sender exports, finding no undici', () => {
    expect(Object.keys(browserStandIn).sort()).toEqual(Object.keys(nodeSender).sort());
    expect(browserStandIn.nodeSender()).toBeUndefined();
    expect(() => browserStandIn.createNodeSender({} as Parameters<typeof browserStandIn.createNodeSender>[0])).toThrow(TypeError);
    // On Node, the real one finds undici.
    expect(nodeSender.nodeSender()).toBeDefined();
  });

  it("swaps node-require.js for a stand-in exporting the same, finding no Node, so a page carries none of Node's look-ups", async () => {
    expect(swaps).toContainEqual(['./dist/internal/node-require.js', './dist/internal/node-require-browser.js']);
    expect(Object.keys(requireStandIn).sort()).toEqual(Object.keys(nodeRequire).sort());
    expect([requireStandIn.isNode(), requireStandIn.builtinModule('node:crypto'), requireStandIn.requirePackage('ws')]).toEqual([false, undefined, undefined]);
    // On Node, the real one finds them.
    expect([nodeRequire.isNode(), typeof nodeRequire.builtinModule<{ createHmac: unknown }>('node:crypto')?.createHmac, nodeRequire.requirePackage('ws') !== undefined]).toEqual([true, 'function', true]);
    const page = await weighPage("export { userDataStream, hmacSha256Signer } from 'mexc-rx';\n");
    expect(page.files.has('src/internal/node-require.ts')).toBe(false);
  });

  it('leaves the undici sender, its pools and undici out of a browser page that makes a client', async () => {
    const page = await weighPage("export { createClient, listSubAccounts } from 'mexc-rx';\n");
    expect(page.files.has('src/http/transport.ts')).toBe(true);
    expect(page.files.has('src/http/node-sender.ts')).toBe(false);
    expect(page.files.has('src/http/origin-pools.ts')).toBe(false);
    expect([...page.files.keys()].filter((file) => file.includes('undici'))).toEqual([]);
    // ky imported as usual: a page pays nothing more for it at load, where Node's start does.
    expect(swaps).toContainEqual(['./dist/http/ky-loader.js', './dist/http/ky-loader-browser.js']);
    expect([page.files.has('src/http/ky-loader.ts'), page.files.has('src/http/ky-loader-browser.ts')]).toEqual([false, true]);
  });
});

describe('a page without a recorder', () => {
  it('carries none of the recording wrappers of the client and the stream', async () => {
    const page = await weighPage("export { createClient, userDataStream } from 'mexc-rx';\n");
    expect(page.files.has('src/stream/supervisor/shell.ts')).toBe(true);
    for (const file of ['src/client/recorded-client.ts', 'src/stream/recorded-key-source.ts', 'src/stream/supervisor/stream-recording.ts']) {
      expect(page.files.has(file)).toBe(false);
    }
  });
});

describe('a page that calls one operation', () => {
  const restPage = "export { createClient, listSubAccounts } from 'mexc-rx';\n";

  it('carries that operation\'s codecs and not those of the operations beside it', async () => {
    const [page, everything] = await Promise.all([weighPage(restPage), weighPage("export * from 'mexc-rx';\n")]);
    expect(page.files.has('src/codecs/sub-account.ts')).toBe(true);
    // M3 sits beside M2 in the endpoint table's master rows; its codec is the API key's.
    for (const file of ['src/codecs/api-key.ts', 'src/codecs/capital.ts', 'src/codecs/transfer.ts']) expect(page.files.has(file)).toBe(false);
    const own = page.files.get('src/codecs/sub-account.ts') ?? 0;
    const whole = everything.files.get('src/codecs/sub-account.ts') ?? 0;
    expect(own).toBeGreaterThan(0);
    expect(own).toBeLessThan(whole / 2);
  });

  it('carries none of the stream\'s metrics, which come with the stream', async () => {
    const [page, streaming] = await Promise.all([weighPage(restPage), weighPage("export { createClient, userDataStream } from 'mexc-rx';\n")]);
    expect(page.files.has('src/metrics/instruments.ts')).toBe(true);
    for (const file of ['src/metrics/stream-metrics.ts', 'src/metrics/cells.ts']) {
      expect(page.files.has(file)).toBe(false);
      expect(streaming.files.has(file)).toBe(true);
    }
  });
});
