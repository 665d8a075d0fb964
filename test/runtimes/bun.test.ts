/**
 * The runtime matrix on Bun (the version tools/test/runtimes pins): the built package imported by
 * name, with default settings, against the simulator in this process; the broker and the health
 * handler served by `Bun.serve` (test/runtimes/harness/matrix.ts has the steps).
 */
import { runtimeBinary } from './harness/binaries.js';
import { describeRuntime, PROGRAM_MS } from './harness/matrix.js';
import { buildProgram, runProgram } from './harness/program.js';

describeRuntime('on Bun', {
  userAgent: 'Bun/',
  serves: true,
  run: async (env) => runProgram(runtimeBinary('BUN_BIN'), [await buildProgram('bun', 'runOnBun'), JSON.stringify(env)], PROGRAM_MS),
});
