/**
 * A raw websocket client for the simulator's websocket tests: records every frame (text as
 * strings, binary as bytes) and how the connection ended, with bounded waits in real time.
 */
import WebSocket from 'ws';

export class RawClient {
  readonly texts: string[] = [];
  readonly binaries: Buffer[] = [];
  closed: { code: number; reason: string } | undefined;
  private readonly socket: WebSocket;
  private readonly opened: Promise<void>;

  constructor(url: string) {
    this.socket = new WebSocket(url);
    this.socket.on('message', (data: Buffer, isBinary: boolean) => {
      if (isBinary) this.binaries.push(data);
      else this.texts.push(data.toString('utf8'));
    });
    this.socket.on('close', (code: number, reason: Buffer) => {
      this.closed = { code, reason: reason.toString('utf8') };
    });
    this.opened = new Promise((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('error', reject);
    });
  }

  static async open(url: string): Promise<RawClient> {
    const client = new RawClient(url);
    await client.opened;
    return client;
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The JSON text frames, parsed. */
  replies(): unknown[] {
    return this.texts.map((t) => JSON.parse(t) as unknown);
  }

  async waitFor(what: string, condition: () => boolean, timeoutMs = 5_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }

  waitForTexts(count: number): Promise<void> {
    return this.waitFor(`${count} text frames`, () => this.texts.length >= count);
  }

  waitForClose(): Promise<{ code: number; reason: string }> {
    return this.waitFor('the close', () => this.closed !== undefined).then(() => this.closed!);
  }

  terminate(): void {
    this.socket.terminate();
  }
}
