/**
 * The balances table, drawn from the snapshots of the library's `balanceSnapshots`: one row per
 * asset (`data-asset`), free, frozen and total.
 */
import type { BalanceSnapshot } from '../../../src/index.js';
import { cell, part, row } from './dom.js';

/**
 * Redraws the balances section from a snapshot.
 *
 * @example
 * ```ts
 * events$.pipe(balanceSnapshots()).subscribe((snapshot) => renderBalances(part(document, '#balances'), snapshot));
 * ```
 */
export function renderBalances(section: HTMLElement, snapshot: BalanceSnapshot): void {
  const changed = new Set(snapshot.changed);
  const rows = [...snapshot.balances.values()]
    .sort((a, b) => a.asset.localeCompare(b.asset))
    .map((b) =>
      row(
        { asset: b.asset },
        [
          cell(b.asset, { field: 'asset', className: 'asset' }),
          cell(b.free, { field: 'free', className: 'number', label: 'Free' }),
          cell(b.frozen, { field: 'frozen', className: 'number', label: 'Frozen' }),
          cell(b.total, { field: 'total', className: 'number', label: 'Total' }),
        ],
        changed.has(b.asset),
      ),
    );
  part(section, 'tbody').replaceChildren(...rows);
  section.dataset['stale'] = String(snapshot.stale);
}
