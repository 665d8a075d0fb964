/**
 * The README's main job: `npm start` runs the demo against the embedded simulator, prints plain
 * progress lines without a terminal, ends with a summary, and exits 0 when the streamed state
 * equals the simulator's.
 */
import { execFile } from 'node:child_process';
import { describe, expect, it } from '@jest/globals';

describe('the demo (npm start)', () => {
  it('finishes with exit code 0 and a summary showing the streamed state matches the simulator', async () => {
    const { code, stdout } = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      // Straight through node (npx would load npm's own command line first, for nothing).
      execFile(process.execPath, ['--import', 'tsx', 'examples/demo/main.ts'], { env: { ...process.env, CI: 'true' }, timeout: 120_000 }, (error, out) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout: out }),
      );
    });
    expect(code).toBe(0);
    expect(stdout).toContain('created sub-account demotrader01');
    expect(stdout).toMatch(/\[stream\] connected \(connection 1/);
    expect(stdout).toMatch(/\[stream\] gap of \d+ ms/);
    expect(stdout).toContain("streamed state equals the simulator's: yes");
    expect(stdout).toContain('after client.close(): 0 sockets open, 0 listen keys still valid');
    // The stream told its subscribers it stopped, because its client was closed.
    expect(stdout).toMatch(/\[stream\] stopped \(client-closed\)/);
    // No redrawing escape codes without a terminal.
    expect(stdout).not.toContain('\u001b[');
  }, 150_000);
});
