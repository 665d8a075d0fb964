/**
 * The runtime matrix on Deno (the version tools/test/runtimes pins), with the permissions a careful
 * user grants: the network, and reading the project's own files; no environment, and no prompt
 * (`--no-prompt`: a permission the library would need beyond those fails the step instead of
 * asking). The built package imported by name, with default settings, against the simulator in
 * this process; the broker and the health handler served by `Deno.serve`
 * (test/runtimes/harness/matrix.ts has the steps).
 */
import { runtimeBinary } from './harness/binaries.js';
import { describeRuntime, PROGRAM_MS } from './harness/matrix.js';
import { buildProgram, ROOT, runProgram } from './harness/program.js';

describeRuntime('on Deno, granted --allow-net and --allow-read of the project only', {
  userAgent: 'Deno/',
  serves: true,
  run: async (env) => {
    const program = await buildProgram('deno', 'runOnDeno');
    const permissions = ['--no-prompt', '--allow-net', `--allow-read=${ROOT}`];
    return runProgram(runtimeBinary('DENO_BIN'), ['run', ...permissions, program, JSON.stringify(env)], PROGRAM_MS, { ...process.env, NO_COLOR: '1' });
  },
});
