/**
 * Reading parameters from wire text (`decodeWireParams`, what the simulator and the command line
 * use): each text read by its field and checked by the same rule the client applies, required
 * fields present, unknown names reported unless ignored; the exact values or the exact issues, in
 * the table's order and then the wire's.
 */
import { describe, expect, it } from '@jest/globals';
import { decodeWireParams } from '../../src/params/decode-wire.js';
import { optional, required, type ParamField } from '../../src/params/field.js';
import { booleanFlag, ipList, nonEmptyText, pageSize } from '../../src/params/fields.js';

/** A small table: a required text, an optional bounded integer, an optional flag, an optional list. */
const TABLE: readonly (readonly [string, ParamField<unknown>])[] = [
  ['subAccount', required(nonEmptyText, 'name') as ParamField<unknown>],
  ['limit', optional(pageSize(50), 'page size') as ParamField<unknown>],
  ['active', optional(booleanFlag, 'filter') as ParamField<unknown>],
  ['ip', optional(ipList(2), 'addresses') as ParamField<unknown>],
];

const wire = (entries: Record<string, string>): ReadonlyMap<string, string> => new Map(Object.entries(entries));

describe('decodeWireParams', () => {
  it('reads every text into its typed value, and leaves out what was not sent', () => {
    expect(decodeWireParams(TABLE, wire({ subAccount: 'Alpha0001', limit: '50', active: 'false', ip: '1.1.1.1,::1' }))).toStrictEqual({
      ok: true,
      values: { subAccount: 'Alpha0001', limit: 50, active: false, ip: ['1.1.1.1', '::1'] },
    });
    expect(decodeWireParams(TABLE, wire({ subAccount: 'Alpha0001' }))).toStrictEqual({ ok: true, values: { subAccount: 'Alpha0001' } });
  });

  it('reports a missing required field as required, and nothing for a missing optional one', () => {
    expect(decodeWireParams(TABLE, wire({ limit: '5' }))).toStrictEqual({ ok: false, issues: [{ field: 'subAccount', rule: 'required' }] });
  });

  it('reports a text its field refuses with the rule in words', () => {
    expect(decodeWireParams(TABLE, wire({ subAccount: 'Alpha0001', limit: '51', active: 'yes' }))).toStrictEqual({
      ok: false,
      issues: [
        { field: 'limit', rule: 'integer from 1 to 50' },
        { field: 'active', rule: 'true or false' },
      ],
    });
  });

  it('reports names that are not fields, after the fields, in the order sent', () => {
    expect(decodeWireParams(TABLE, wire({ zeta: '1', subAccount: 'Alpha0001', alpha: '2' }))).toStrictEqual({
      ok: false,
      issues: [
        { field: 'zeta', rule: 'unknown parameter' },
        { field: 'alpha', rule: 'unknown parameter' },
      ],
    });
  });

  it('passes over the names it is told to ignore, and ignores none by default', () => {
    const signed = wire({ subAccount: 'Alpha0001', timestamp: '1', signature: 'ab' });
    expect(decodeWireParams(TABLE, signed, new Set(['timestamp', 'signature']))).toStrictEqual({ ok: true, values: { subAccount: 'Alpha0001' } });
    expect(decodeWireParams(TABLE, signed, new Set(['timestamp']))).toStrictEqual({
      ok: false,
      issues: [{ field: 'signature', rule: 'unknown parameter' }],
    });
    expect(decodeWireParams(TABLE, signed)).toStrictEqual({
      ok: false,
      issues: [
        { field: 'timestamp', rule: 'unknown parameter' },
        { field: 'signature', rule: 'unknown parameter' },
      ],
    });
  });

  it('lists every broken rule at once: required, refused and unknown', () => {
    expect(decodeWireParams(TABLE, wire({ ip: '1.1.1.1,1.1.1.1', extra: 'x' }), new Set(['timestamp']))).toStrictEqual({
      ok: false,
      issues: [
        { field: 'subAccount', rule: 'required' },
        { field: 'ip', rule: '1 to 2 distinct IP addresses' },
        { field: 'extra', rule: 'unknown parameter' },
      ],
    });
  });

  it('reads an empty table and an empty wire as no values', () => {
    expect(decodeWireParams([], wire({}))).toStrictEqual({ ok: true, values: {} });
  });
});
