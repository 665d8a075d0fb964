/**
 * Says when a state operator's snapshot may be wrong: after a gap, until its resync succeeded.
 */
import type { Freshness } from '../../../src/index.js';

/**
 * The badge, shown only while `snapshot` is stale.
 *
 * @example
 * ```tsx
 * <StaleBadge snapshot={book} />
 * ```
 */
export function StaleBadge({ snapshot }: { readonly snapshot: Freshness | undefined }) {
  if (snapshot === undefined || !snapshot.stale) return null;
  return <span className="stale-badge">{snapshot.error === undefined ? 'resyncing' : 'resync failed, retrying'}</span>;
}
