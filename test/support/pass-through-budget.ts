/**
 * A request budget that holds nothing and sends nothing again: every request goes at once, and a
 * refusal (429, 418) is passed on as the service gave it, with no pause kept. For tests that look
 * at a server's own answers (the simulator's 429s and bans) through a client, which always has a
 * budget (`budget: false` still honours the service's pauses).
 */
import { of } from 'rxjs';
import { createRequestBudget, type BudgetTicket, type RequestBudget } from '../../src/index.js';

/**
 * The budget, counting nothing.
 *
 * @example
 * ```ts
 * const client = createClient({ baseUrl: sim.restUrl, budget: passThroughBudget() });
 * ```
 */
export function passThroughBudget(): RequestBudget {
  const shown = createRequestBudget({ spread: false, resendsAfterRefusal: 0, maxInFlight: Infinity });
  const ticket: BudgetTicket = { settle: () => undefined, refuse: () => ({ scope: 'endpoint', until: shown.settings.scheduler.now() }) };
  return { settings: shown.settings, state$: shown.state$, snapshot: () => shown.snapshot(), admit: () => of(ticket), tryAdmit: () => ticket };
}
