/**
 * The demo's layout, a pure function of what to show and the terminal's size: never taller or
 * wider than the terminal, the most useful parts first.
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { FrameModel, FrameTable } from '../../examples/demo/frame-model.js';
import { layoutFrame } from '../../examples/demo/layout.js';

function table(title: string, rows: number, cap: number, stale = false): FrameTable {
  return {
    title,
    stale,
    head: ['order', 'side', 'price'],
    align: ['left', 'left', 'right'],
    rows: Array.from({ length: rows }, (_, i) => [`id${String(i).padStart(6, '0')}`, i % 2 === 0 ? 'BUY' : 'SELL', `${30000 + i}.5`]),
    cap,
  };
}

function model(open: number, fills: number, finished: number, log = 4): FrameModel {
  return {
    status: 'mexc-rx demo  status: live  events: 123 (40/s)  gaps: 1',
    live: true,
    connection: 'connected (connection 2, key 44b6…5df2)',
    tables: [
      { ...table('Balances', 2, 20), head: ['asset', 'free', 'frozen', 'total'], align: ['left', 'right', 'right', 'right'], rows: [['BTC', '1.5', '0', '1.5'], ['USDT', '25000', '300', '25300']] },
      table(`Open orders (${open})`, open, 10),
      table('Recent fills', fills, 6),
      table(`Finished orders (${finished})`, finished, 6),
    ],
    log: Array.from({ length: log }, (_, i) => `lifecycle event ${i + 1}`),
  };
}

/** The first six lines of the model's frame: status, connection and balances. */
const TOP = [
  'mexc-rx demo  status: live  events: 123 (40/s)  gaps: 1',
  'connection: connected (connection 2, key 44b6…5df2)',
  'Balances',
  '  asset   free  frozen  total',
  '  BTC      1.5       0    1.5',
  '  USDT   25000     300  25300',
];

const texts = (lines: readonly { text: string }[]): string[] => lines.map((line) => line.text);
const rowOf = (lines: readonly string[], start: string): number => lines.findIndex((line) => line.startsWith(start));

describe('layoutFrame', () => {
  it('at 80x24 with many orders: status, connection, balances, then a row of each later section, the rest of the room to open orders', () => {
    const lines = texts(layoutFrame(model(30, 50, 100), { columns: 80, rows: 24 }));
    expect(lines).toHaveLength(24);
    expect(lines.slice(0, 6)).toEqual(TOP);
    // Every later section gets one row; all the room left goes to the open orders.
    expect(lines[6]).toBe('Open orders (30), newest 8 shown');
    expect(lines.slice(8, 16).map((line) => line.slice(2, 10))).toEqual(Array.from({ length: 8 }, (_, i) => `id${String(i).padStart(6, '0')}`));
    expect(lines.slice(16)).toEqual([
      'Recent fills, newest 1 shown',
      '  order     side    price',
      '  id000000  BUY   30000.5',
      'Finished orders (100), newest 1 shown',
      '  order     side    price',
      '  id000000  BUY   30000.5',
      'Connection log',
      '  lifecycle event 4',
    ]);
  });

  it('at 160x50: every section, each up to its cap, the connection log, and blank lines between sections', () => {
    const lines = texts(layoutFrame(model(30, 50, 100), { columns: 160, rows: 50 }));
    expect(lines.length).toBeLessThanOrEqual(50);
    for (const heading of ['Balances', 'Open orders (30), newest 10 shown', 'Recent fills, newest 6 shown', 'Finished orders (100), newest 6 shown', 'Connection log']) {
      expect(lines).toContain(heading);
      expect(lines[rowOf(lines, heading) - 1]).toBe('');
    }
    expect(lines.slice(-4)).toEqual(['  lifecycle event 1', '  lifecycle event 2', '  lifecycle event 3', '  lifecycle event 4']);
  });

  it('says when a table is empty or being resynced', () => {
    const resyncing: FrameModel = { ...model(0, 0, 0), tables: [{ ...table('Balances', 0, 20), stale: true }, table('Open orders (0)', 0, 10)] };
    const lines = layoutFrame(resyncing, { columns: 80, rows: 24 });
    expect(lines.slice(2, 8)).toEqual([
      { text: '', style: 'body' },
      { text: 'Balances (stale: resyncing)', style: 'stale' },
      { text: '  none', style: 'body' },
      { text: '', style: 'body' },
      { text: 'Open orders (0)', style: 'heading' },
      { text: '  none', style: 'body' },
    ]);
  });

  it('leaves out a section that does not fit, and every later one, rather than show it out of order', () => {
    const lines = texts(layoutFrame(model(3, 3, 3), { columns: 80, rows: 10 }));
    expect(lines).toEqual([
      ...TOP,
      'Open orders (3), newest 2 shown',
      '  order     side    price',
      '  id000000  BUY   30000.5',
      '  id000001  SELL  30001.5',
    ]);
  });

  it('cuts a line wider than the terminal, marking the cut', () => {
    const wide = { ...model(1, 0, 0), status: 'x'.repeat(120) };
    const [status] = texts(layoutFrame(wide, { columns: 80, rows: 24 }));
    expect(status).toBe(`${'x'.repeat(79)}…`);
  });

  it('never gives more lines than rows, nor a line wider than columns, whatever the model and size', () => {
    const arbitraryTable = fc.record({
      title: fc.string({ maxLength: 40 }),
      stale: fc.boolean(),
      head: fc.array(fc.string({ maxLength: 12 }), { minLength: 1, maxLength: 7 }),
      align: fc.constant([]),
      rows: fc.array(fc.array(fc.string({ maxLength: 30 }), { maxLength: 7 }), { maxLength: 40 }),
      cap: fc.integer({ min: 1, max: 20 }),
    });
    fc.assert(
      fc.property(
        fc.record({ status: fc.string({ maxLength: 200 }), live: fc.boolean(), connection: fc.option(fc.string({ maxLength: 200 }), { nil: undefined }), tables: fc.array(arbitraryTable, { maxLength: 5 }), log: fc.array(fc.string({ maxLength: 100 }), { maxLength: 10 }) }),
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: 0, max: 120 }),
        (frame, columns, rows) => {
          const lines = layoutFrame(frame, { columns, rows });
          expect(lines.length).toBeLessThanOrEqual(rows);
          for (const line of lines) expect(line.text.length).toBeLessThanOrEqual(columns);
        },
      ),
    );
  });

  it('from 80x24 up, always shows the status line first, then the balances, then the open orders', () => {
    fc.assert(
      fc.property(fc.nat(200), fc.nat(300), fc.nat(500), fc.integer({ min: 80, max: 300 }), fc.integer({ min: 24, max: 120 }), (open, fills, finished, columns, rows) => {
        const lines = texts(layoutFrame(model(open, fills, finished), { columns, rows }));
        expect(lines[0]).toMatch(/^mexc-rx demo/);
        expect(rowOf(lines, 'Balances')).toBeGreaterThan(1);
        expect(rowOf(lines, 'Open orders (')).toBeGreaterThan(rowOf(lines, 'Balances'));
        if (open > 0) expect(lines[rowOf(lines, 'Open orders (') + 2]).toMatch(/^ {2}id0+ {2}BUY/);
      }),
    );
  });
});
