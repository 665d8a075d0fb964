/**
 * The service's IP ban (docs/service.md, "Errors"): an IP that keeps running into 429s is banned,
 * every request from it answered 418 with `Retry-After`, for 2 minutes at first and twice as long
 * each time it is banned again, up to 3 days. The simulator's rule (the service does not publish
 * its own): `after429s` 429 answers to one IP within `withinMs` ban it; a ban level is forgotten
 * `forgetAfterMs` after the last ban ended. All on the simulator's clock.
 *
 * Memory is bounded by what still matters, without forgetting a ban: when many IPs are held, the
 * records that no longer matter (not banned, no 429 within `withinMs`, the ban level forgotten) are
 * swept out, so a flood of distinct IPs (with a trusted IP header) cannot lift anyone's ban. A
 * sweep runs again only once the IPs held have doubled, so a flood costs no more than its own size.
 * (An IP banned is held until its level is forgotten, a day after the ban by default.)
 *
 * @module
 */
import { BAN_MEMORY_MS, FIRST_BAN_MS, LONGEST_BAN_MS } from '../default-waits.js';

/** When an IP is banned, and for how long. */
export interface IpBanRule {
  /** 429 answers to one IP within `withinMs` that ban it. Default 10. */
  readonly after429s: number;
  /** The period the 429s are counted over, ms. Default 60000. */
  readonly withinMs: number;
  /** Length of a first ban, ms. Default 120000 (2 minutes). */
  readonly firstBanMs: number;
  /** Longest ban, ms (each ban doubles the one before, up to this). Default 259200000 (3 days). */
  readonly maxBanMs: number;
  /** After this long without a ban (ms from the end of the last one), the next ban is a first one again. Default 86400000 (a day). */
  readonly forgetAfterMs: number;
}

/**
 * The simulator's default rule. The lengths are the service's, as the library's own waits assume
 * them (`default-waits.ts`): one home, so the simulator bans as long as a client expects.
 */
export const DEFAULT_IP_BAN_RULE: IpBanRule = {
  after429s: 10,
  withinMs: 60_000,
  firstBanMs: FIRST_BAN_MS,
  maxBanMs: LONGEST_BAN_MS,
  forgetAfterMs: BAN_MEMORY_MS,
};

/** The bans of every IP. */
export interface IpBans {
  /** Ms until the ban of `ip` ends, or `undefined` when it is not banned. */
  bannedFor(ip: string, now: number): number | undefined;
  /** Notes a 429 answered to `ip`; bans it when that makes `after429s` within `withinMs`. */
  noteTooMany(ip: string, now: number): void;
  /** Lifts every ban and forgets every count and level. */
  reset(): void;
  /** How many IPs' records it holds (those that matter, and others not yet swept out). */
  held(): number;
}

/** IPs held before the first sweep of records that no longer matter. */
export const SWEEP_AT_IPS = 10_000;

interface IpRecord {
  /** Times of the recent 429s. */
  recent: number[];
  bannedUntil: number;
  /** Bans so far (the next lasts `firstBanMs * 2^level`). */
  level: number;
}

/**
 * The length of ban number `level + 1` (level from 0).
 *
 * @example
 * ```ts
 * banLength(DEFAULT_IP_BAN_RULE, 0); // 120000
 * banLength(DEFAULT_IP_BAN_RULE, 20); // 259200000 (3 days, the ceiling)
 * ```
 */
export function banLength(rule: IpBanRule, level: number): number {
  return Math.min(rule.maxBanMs, rule.firstBanMs * 2 ** Math.min(level, 60));
}

/**
 * Whether `record` acts otherwise than a fresh one: it is banned, a 429 within the period still
 * counts, or its last ban ended less than `forgetAfterMs` ago, so its level still counts. (A ban in
 * force is named on its own so that no rule's numbers, not even a missing `forgetAfterMs`, lift it.)
 */
function stillMatters(record: IpRecord, now: number, rule: IpBanRule): boolean {
  if (record.bannedUntil > now) return true;
  return record.recent.some((at) => now - at < rule.withinMs) || now - record.bannedUntil < rule.forgetAfterMs;
}

/**
 * Makes the ban tracker; `false` never bans. `sweepAtIps`: IPs held before the first sweep (tests
 * make it small).
 *
 * @example
 * ```ts
 * const bans = createIpBans(DEFAULT_IP_BAN_RULE);
 * bans.noteTooMany('10.0.0.7', clock.now());
 * bans.bannedFor('10.0.0.7', clock.now()); // undefined until the tenth 429 within a minute
 * ```
 */
export function createIpBans(rule: IpBanRule | false, sweepAtIps = SWEEP_AT_IPS): IpBans {
  const records = new Map<string, IpRecord>();
  let sweepAt = sweepAtIps;
  /** Drops the records that act as a fresh one would. */
  const sweep = (now: number, activeRule: IpBanRule): void => {
    for (const [ip, record] of records) if (!stillMatters(record, now, activeRule)) records.delete(ip);
    sweepAt = Math.max(sweepAtIps, 2 * records.size);
  };
  return {
    bannedFor(ip, now) {
      const record = records.get(ip);
      return record !== undefined && record.bannedUntil > now ? record.bannedUntil - now : undefined;
    },
    noteTooMany(ip, now) {
      if (rule === false) return;
      let record = records.get(ip);
      if (record === undefined) {
        if (records.size >= sweepAt) sweep(now, rule);
        records.set(ip, (record = { recent: [], bannedUntil: -Infinity, level: 0 }));
      }
      if (record.bannedUntil > now) return;
      if (record.level > 0 && now - record.bannedUntil >= rule.forgetAfterMs) record.level = 0;
      record.recent = record.recent.filter((at) => now - at < rule.withinMs);
      record.recent.push(now);
      if (record.recent.length < rule.after429s) return;
      record.bannedUntil = now + banLength(rule, record.level);
      record.level += 1;
      record.recent.length = 0;
    },
    reset() {
      records.clear();
      sweepAt = sweepAtIps;
    },
    held: () => records.size,
  };
}
