/**
 * Each options type's defaults constant (`CLIENT_DEFAULTS`, ...) is the one place its defaults are
 * written. The compiler holds its names and types to the options type; these hold what it cannot:
 * a default keeps its own rule and the rules between fields (a constant that broke one would make
 * every factory left at its defaults refuse itself, or run on a value a user could not give), and
 * the settings fill in exactly the constant's values.
 */
import { describe, expect, it } from '@jest/globals';
import { BROKER_DEFAULTS, BROKER_SETTINGS } from '../../src/server/broker-settings.js';
import { REPLAY_DEFAULTS, REPLAY_SETTINGS } from '../../src/recording/replay-session.js';
import type { Resolved, Schema, Settings } from '../../src/settings/resolve.js';
import { STREAM_DEFAULTS, STREAM_SETTINGS } from '../../src/stream/stream-settings.js';
import { OPTION_TABLES } from '../../tools/docs/option-tables.js';

/**
 * Every field at the default its settings fill in (undefined where the factory fills it in itself,
 * as the rules between fields see it), a group's own defaults.
 */
function defaultsOf(settings: Settings<Schema>): Resolved<Schema> {
  const values: Record<string, unknown> = {};
  for (const [field, entry] of Object.entries(settings.fields)) values[field] = 'group' in entry ? defaultsOf(entry.group) : entry.default;
  return values as Resolved<Schema>;
}

/** Each field with a value in its table's constant: the table, the field, its value. */
const VALUES = OPTION_TABLES.flatMap((table) => Object.entries(table.defaults).map(([field, value]) => [table.id, field, value, table.settings] as const));

describe('the defaults constants', () => {
  it('hold a value for some field of most tables (the list of fields is not empty)', () => {
    expect(VALUES.length).toBeGreaterThan(60);
  });

  it.each(VALUES)('%s: %s keeps its own rule', (_id, field, value, settings: Settings<Schema>) => {
    const entry = settings.fields[field];
    expect(entry).toBeDefined();
    if (entry === undefined || 'group' in entry) throw new Error(`${field} is no value setting`);
    expect(entry.rule.accepts(value)).toBe(true);
  });

  it.each(VALUES)('%s: %s is the default its settings fill in, where they fill it', (_id, field, value, settings: Settings<Schema>) => {
    const entry = settings.fields[field];
    if (entry === undefined || 'group' in entry) throw new Error(`${field} is no value setting`);
    // Left undefined in the settings: the factory fills it itself (it depends on another setting).
    if (entry.default !== undefined) expect(entry.default).toBe(value);
  });

  it.each(OPTION_TABLES.map((table) => [table.id, table] as const))('%s: its defaults together keep the rules between fields', (_id, table) => {
    const values = defaultsOf(table.settings);
    const broken = table.settings.relations.filter((relation) => !relation.holds(values)).map((relation) => `${relation.field}: ${relation.words}`);
    expect(broken).toEqual([]);
  });

  it('the defaults a factory fills in itself are given as values its rule keeps', () => {
    // These stay optional in the settings (left out means something), and the factory reads the constant.
    for (const [settings, field, value] of [
      [BROKER_SETTINGS, 'maxKeysPerSession', BROKER_DEFAULTS.maxKeysPerSession],
      [REPLAY_SETTINGS, 'speed', REPLAY_DEFAULTS.speed],
      [STREAM_SETTINGS, 'scheduler', STREAM_DEFAULTS.scheduler],
    ] as const) {
      const entry = (settings.fields as Schema)[field];
      if (entry === undefined || 'group' in entry) throw new Error(`${field} is no value setting`);
      expect(entry.default).toBeUndefined();
      expect(entry.rule.accepts(value)).toBe(true);
    }
  });
});
