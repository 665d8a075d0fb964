/**
 * The sub-account's balances, from the `balances` store (`balanceSnapshots`): one tile per asset
 * (`data-asset`), its free amount large, frozen and total below, each figure named by
 * `data-field`. Figures are the exact decimal texts the library keeps (never rounded floats).
 */
import type { AssetBalanceState } from '../../../src/index.js';
import { StaleBadge } from './stale-badge.js';
import { balances } from './stores.js';
import { useStore } from './use-store.js';

const byAsset = (a: AssetBalanceState, b: AssetBalanceState): number => a.asset.localeCompare(b.asset);

function BalanceTile({ balance }: { readonly balance: AssetBalanceState }) {
  return (
    <li className="balance" data-asset={balance.asset}>
      <span className="asset">{balance.asset}</span>
      <span className="free" data-field="free">
        {balance.free}
      </span>
      <span className="free-label">free</span>
      <dl>
        <dt>Frozen</dt>
        <dd data-field="frozen">{balance.frozen}</dd>
        <dt>Total</dt>
        <dd data-field="total">{balance.total}</dd>
      </dl>
    </li>
  );
}

/**
 * The balances panel.
 *
 * @example
 * ```tsx
 * <BalancesPanel />
 * ```
 */
export function BalancesPanel() {
  const snapshot = useStore(balances);
  return (
    <section id="balances" className="panel" aria-labelledby="balances-title" data-stale={String(snapshot?.stale ?? true)}>
      <h2 id="balances-title">
        Balances <StaleBadge snapshot={snapshot} />
      </h2>
      {snapshot === undefined ? (
        <p className="empty">reading the balances…</p>
      ) : (
        <ul className="tiles">
          {[...snapshot.balances.values()].sort(byAsset).map((balance) => (
            <BalanceTile key={balance.asset} balance={balance} />
          ))}
        </ul>
      )}
    </section>
  );
}
