/**
 * The IP ban tracker's own rules at their edges, without a server: a 429 noted while an IP is
 * banned changes nothing (the router answers a banned IP 418 before counting, but the tracker
 * keeps the rule by itself), and one noted at the very millisecond a ban ends counts again.
 */
import { describe, expect, it } from '@jest/globals';
import { createIpBans } from '../../src/simulator/ip-ban.js';

/** Two 429s within 6 ms ban for 4 ms, then 8, 16 (the most); a level is forgotten 9 ms after a ban ends. */
const RULE = { after429s: 2, withinMs: 6, firstBanMs: 4, maxBanMs: 16, forgetAfterMs: 9 };

/** A tracker with 'a' banned from 0 until 4 (its first ban). */
function bannedAtZero() {
  const bans = createIpBans(RULE);
  bans.noteTooMany('a', 0);
  bans.noteTooMany('a', 0);
  return bans;
}

describe('createIpBans', () => {
  it('ignores 429s noted while the IP is banned: they neither lengthen the ban nor raise its level', () => {
    const bans = bannedAtZero();
    bans.noteTooMany('a', 1);
    bans.noteTooMany('a', 1);
    expect(bans.bannedFor('a', 1)).toBe(3);
    expect(bans.bannedFor('a', 4)).toBeUndefined();
    bans.noteTooMany('a', 5);
    bans.noteTooMany('a', 5);
    expect(bans.bannedFor('a', 5)).toBe(8); // the second ban, not the third
  });

  it('counts a 429 noted at the millisecond the ban ends, and the next ban is the second', () => {
    const bans = bannedAtZero();
    bans.noteTooMany('a', 4);
    bans.noteTooMany('a', 4);
    expect(bans.bannedFor('a', 4)).toBe(8);
  });
});
