/**
 * Node's text codecs where jest's jsdom environment leaves them out (ky reads `TextEncoder` when
 * it loads): imported first by the suites that run the client in a DOM.
 */
import { TextDecoder, TextEncoder } from 'node:util';

globalThis.TextEncoder ??= TextEncoder as typeof globalThis.TextEncoder;
globalThis.TextDecoder ??= TextDecoder as typeof globalThis.TextDecoder;
