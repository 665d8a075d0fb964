/**
 * What the runtime matrix's two sides share: the program that runs inside Bun, Deno or a Worker
 * (`scenario/`), and the jest suite in Node that starts the simulator, drives it and reads the
 * program's report (`harness/`). The program writes one line per step, `STEP_MARKER` then JSON, so a
 * failing step names itself; it asks the suite to act on the simulator through the control
 * server (`controlUrl`), and the suite takes the simulator's view at each asked moment.
 *
 * Plain data only: this module is loaded by every runtime.
 *
 * @module
 */

/** What starts a step's line on standard output (or in a Worker's answer). */
export const STEP_MARKER = 'mexc-rx-step ';

/** Every step, in the order the program runs them. */
export const STEPS = ['import', 'rest', 'invalid-parameter', 'invalid-setting', 'stream', 'gap', 'broker', 'health', 'close'] as const;

/** A step's name. */
export type StepName = (typeof STEPS)[number];

/** An error as a step reports it: its class's name, message and, for a validation error, its issues. */
export interface ErrorSummary {
  readonly name: string;
  readonly message: string;
  readonly isMexcError: boolean;
  readonly operation?: unknown;
  readonly issues?: unknown;
}

/** One step's outcome. */
export type StepLine =
  | { readonly step: StepName; readonly ok: true; readonly data: unknown }
  | { readonly step: StepName; readonly ok: false; readonly error: ErrorSummary & { readonly stack?: string } };

/** Where the program finds the simulator and the suite's control server. */
export interface ScenarioEnv {
  readonly restUrl: string;
  readonly wsUrl: string;
  readonly apiKey: string;
  readonly secretKey: string;
  /** The suite's control server: `POST {controlUrl}/{action}`. */
  readonly controlUrl: string;
  /** Whether the runtime serves the broker and the health handler (steps `broker` and `health`). */
  readonly serve: boolean;
}

/** What the program may ask of the suite. */
export type ControlAction =
  /** Place an order for the master (an order and an account event follow). */
  | 'place-order'
  /** Drop the master's connections, then place an order while none is up (its push is lost). */
  | 'drop-and-place'
  /** Note the simulator's valid listen keys now, under the label given as `?label=`. */
  | 'note-keys';
