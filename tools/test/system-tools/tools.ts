/**
 * The system programs the test suite uses, and where to look for each. They come from the system's
 * package manager, not from npm: Debian's Chromium and Firefox ESR (the browser tests drive both;
 * the suite never downloads a browser), a real nats-server (the JetStream bridge tests) and tmux
 * (the demo's terminal test runs the demo in a pseudo-terminal).
 *
 * @module
 */

/** One program the tests need. */
export interface SystemTool {
  /** What it is called in messages. */
  readonly name: string;
  /** The Debian/Ubuntu package that installs it. */
  readonly debianPackage: string;
  /** Environment variable that points at the executable, overriding the search. */
  readonly envVar: string;
  /** File names to look for on the PATH. */
  readonly commands: readonly string[];
  /** Absolute paths to try after the PATH (where Debian installs it outside a user's PATH). */
  readonly fallbackPaths: readonly string[];
  /** Which tests need it, for the message when it is missing. */
  readonly neededBy: string;
}

/** Every program `npm run test:all` makes sure of before jest starts (the fast tier, `npm test`, needs none). */
export const SYSTEM_TOOLS: readonly SystemTool[] = [
  {
    name: 'Chromium',
    debianPackage: 'chromium',
    envVar: 'CHROMIUM_PATH',
    commands: ['chromium', 'chromium-browser'],
    fallbackPaths: ['/usr/bin/chromium'],
    neededBy: 'the browser example test (test/browser)',
  },
  {
    name: 'Firefox ESR',
    debianPackage: 'firefox-esr',
    envVar: 'FIREFOX_PATH',
    commands: ['firefox-esr'],
    fallbackPaths: ['/usr/bin/firefox-esr'],
    neededBy: 'the browser examples in Firefox (test/browser, test/react-example: WebDriver BiDi needs Firefox 128 or later)',
  },
  {
    name: 'nats-server',
    debianPackage: 'nats-server',
    envVar: 'NATS_SERVER_BIN',
    commands: ['nats-server'],
    fallbackPaths: ['/usr/sbin/nats-server', '/usr/bin/nats-server'],
    neededBy: 'the JetStream bridge tests (test/bridge)',
  },
  {
    name: 'tmux',
    debianPackage: 'tmux',
    envVar: 'TMUX_BIN',
    commands: ['tmux'],
    fallbackPaths: ['/usr/bin/tmux'],
    neededBy: "the demo's terminal test (test/demo)",
  },
];
