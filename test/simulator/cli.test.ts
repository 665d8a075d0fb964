import { describe, expect, it } from '@jest/globals';
import { firstValueFrom } from 'rxjs';
import { runSimulatorCommand } from '../../src/cli/simulator-command.js';
import { createClient, listSubAccounts } from '../../src/index.js';

describe('the simulator command', () => {
  it('prints URLs and keys that work with a client on the real clock', async () => {
    const lines: string[] = [];
    const sim = await runSimulatorCommand({ port: 0, json: true, print: (line) => lines.push(line) });
    try {
      const printed = JSON.parse(lines.join('')) as { restUrl: string; wsUrl: string; master: { apiKey: string; secretKey: string }; broker: { uid: string } };
      expect(printed.restUrl).toBe(sim.restUrl);
      expect(printed.wsUrl).toBe(sim.wsUrl);
      expect(printed.broker.uid).toBe(sim.broker.uid);
      expect(sim.clock.realtime).toBe(true);
      const client = createClient({ baseUrl: printed.restUrl, apiKey: printed.master.apiKey, secretKey: printed.master.secretKey });
      await expect(firstValueFrom(listSubAccounts(client, {}))).resolves.toEqual({ items: [], total: undefined, page: undefined, totalPages: undefined });
    } finally {
      await sim.close();
    }
  });

  it('prints a readable summary by default', async () => {
    const lines: string[] = [];
    const sim = await runSimulatorCommand({ port: 0, json: false, print: (line) => lines.push(line) });
    await sim.close();
    const text = lines.join('\n');
    for (const expected of [sim.restUrl, sim.wsUrl, sim.master.apiKey, sim.master.secretKey, sim.broker.apiKey, sim.broker.secretKey]) {
      expect(text).toContain(expected);
    }
  });
});
