/**
 * The transfer journal's cost per transfer: the same universal transfers (M6) against the simulator
 * paid without a journal (`universalTransfer`, the in-process safe transfer), and through
 * `transferOnce` with the memory journal, the file journal (two fsynced appends per transfer) and
 * the JetStream journal (two compare-and-set writes per transfer to a bucket on a real nats-server
 * on loopback). The JetStream row is left out, with the reason printed, when nats-server is not
 * installed.
 *
 * @module
 */
import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstValueFrom } from 'rxjs';
import { jetStreamTransferJournal } from '../src/bridge/journal/index.js';
import { createClient } from '../src/client/create-client.js';
import type { Client } from '../src/client/types.js';
import { fileTransferJournal, type FileTransferJournal } from '../src/journal/file/index.js';
import { memoryTransferJournal } from '../src/journal/memory.js';
import { transferOnce } from '../src/journal/transfer-once.js';
import type { TransferJournal } from '../src/journal/types.js';
import { universalTransfer } from '../src/operations/master.js';
import { startSimulator, type Simulator } from '../src/simulator/index.js';
import { findNatsServer, startNatsServer, type NatsServer } from '../test/bridge/nats-server.js';
import type { Benchmark, ResultRow } from './benchmark.js';
import { pairedRatio, summarize } from './stats.js';
import { formatNumber } from './table.js';

/** Transfers per side per round, rounds, and warm-up transfers per side. */
const SIZES = { full: { transfers: 200, rounds: 7, warmup: 50 }, quick: { transfers: 40, rounds: 2, warmup: 10 } };

type Pay = (key: string) => Promise<void>;
interface Side {
  readonly label: string;
  readonly pay: Pay;
}

const params = { fromAccountType: 'SPOT', toAccountType: 'SPOT', toAccount: 'benchpayee01', asset: 'USDT', amount: '1' } as const;

function journaled(client: Client, journal: TransferJournal): Pay {
  return async (key) => {
    await firstValueFrom(transferOnce(client, { key, ...params }, { journal }));
  };
}

/** Ms per transfer of `count` transfers paid one after another, keys under `tag`. */
async function timed(pay: Pay, tag: string, count: number): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < count; i++) await pay(`${tag}-${i}`);
  return (performance.now() - start) / count;
}

interface Rig {
  readonly sides: readonly Side[];
  close(): Promise<void>;
}

async function openRig(sim: Simulator, log: (line: string) => void): Promise<Rig> {
  // No request budget, here or on the simulator: at the service's 500 a 10 s every
  // side's round would wait out the window in turn (about 40 ms a transfer over a round), the wait
  // and not the journal being measured.
  const client = createClient({ baseUrl: sim.restUrl, apiKey: sim.master.apiKey, secretKey: sim.master.secretKey, budget: false });
  const dir = mkdtempSync(join(tmpdir(), 'mexc-rx-journal-bench-'));
  const file: FileTransferJournal = fileTransferJournal(join(dir, 'bench.journal'));
  const sides: Side[] = [
    { label: 'no journal (universalTransfer)', pay: async () => void (await firstValueFrom(universalTransfer(client, params))) },
    { label: 'transferOnce, memory journal', pay: journaled(client, memoryTransferJournal()) },
    { label: 'transferOnce, file journal (fsync)', pay: journaled(client, file) },
  ];
  let server: NatsServer | undefined;
  let nc: NatsConnection | undefined;
  try {
    findNatsServer();
    server = await startNatsServer();
    nc = await connect({ servers: server.url });
    const journal = await jetStreamTransferJournal(jetstream(nc), { bucket: 'bench', storage: 'file' });
    sides.push({ label: 'transferOnce, JetStream journal (file storage, 1 replica)', pay: journaled(client, journal) });
  } catch (error) {
    log(`JetStream journal row skipped: ${error instanceof Error ? error.message : String(error)}`);
  }
  return {
    sides,
    async close() {
      file.close();
      rmSync(dir, { recursive: true, force: true });
      await client.close();
      await nc?.close();
      await server?.stop();
    },
  };
}

/** The journal benchmark. */
export const journalBenchmark: Benchmark = {
  name: 'journal',
  title: 'Transfer journal: the cost per transfer',
  description:
    'Universal transfers (M6, 1 USDT each) paid one after another against the simulator in this process, over ' +
    'loopback: without a journal (`universalTransfer`), and through `transferOnce` with the memory journal, the ' +
    'file journal (each transfer appends and fsyncs its intent before the request and its outcome after it) and ' +
    'the JetStream journal (the same two writes, each a compare-and-set publish acknowledged by a real nats-server ' +
    'on loopback, file storage, one replica, its default sync interval). Each round pays the same number of ' +
    'transfers on every side, the sides taking turns going first; the figure is ms per transfer, the ratio the ' +
    'median of the per-round ratios against the no-journal side of the same round.',
  async run({ quick, log }) {
    const sizes = quick ? SIZES.quick : SIZES.full;
    const sim = await startSimulator({ rateLimit: false });
    let rig: Rig | undefined;
    try {
      sim.admin.createSubAccount('simmaster', params.toAccount);
      sim.admin.fund('simmaster', 'USDT', '100000000');
      rig = await openRig(sim, log);
      const { sides } = rig;
      for (const [s, side] of sides.entries()) await timed(side.pay, `warm-${s}`, sizes.warmup);
      const samples: number[][] = sides.map(() => []);
      for (let round = 0; round < sizes.rounds; round++) {
        for (let turn = 0; turn < sides.length; turn++) {
          const s = (round + turn) % sides.length;
          samples[s]!.push(await timed(sides[s]!.pay, `r${round}-${s}`, sizes.transfers));
        }
        log(`round ${round + 1}: ${sides.map((side, s) => `${side.label} ${formatNumber(samples[s]!.at(-1)!)} ms`).join(', ')}`);
      }
      const base = samples[0]!;
      const baseline = { label: sides[0]!.label, unit: 'ms/transfer', samples: base };
      const rows: ResultRow[] = [{ subject: baseline }];
      for (const [s, side] of sides.entries()) {
        if (s === 0) continue;
        const ratio = pairedRatio(samples[s]!, base);
        const extra = summarize(samples[s]!.map((ms, i) => ms - base[i]!)).median;
        rows.push({
          subject: { label: side.label, unit: 'ms/transfer', samples: samples[s]! },
          baseline,
          ratio: { value: ratio, text: `${ratio.toFixed(2)}x the no-journal cost (${extra < 0 ? '-' : '+'}${formatNumber(Math.abs(extra))} ms/transfer)` },
        });
      }
      return rows;
    } finally {
      await rig?.close();
      await sim.close();
    }
  },
};
