/**
 * One provider in a list: name (with credential and nickname), NPI, specialty, status,
 * PECOS and the verify action. The whole row opens the provider (click, or Enter when it
 * has the focus), as spec §2 says for a row click. Plain elements with the static rules of
 * the shared list table (src/components/list/list-table.css): every visible row re-renders
 * on each keystroke of the search.
 */
import { memo } from 'react';
import { ListRowFrame, type ListRowProps } from '../../../components/list/list-row.tsx';
import { providerDisplayName } from '../../../lib/provider/provider-name.ts';
import type { ListProvider } from '../data/provider-list-source.ts';
import { PecosIndicator } from '../shared/pecos-indicator.tsx';
import { RecordStatusBadge as StatusBadge } from '../../../components/list/record-status-badge.tsx';
import { VerifyPecosButton } from './verify-pecos-button.tsx';

/** The rows' height in pixels. */
export const ROW_HEIGHT = 60;

/** Provider, NPI, Specialty (from lg), Status, PECOS, Actions. */
export const PROVIDER_GRID = {
  base: 'minmax(0, 1fr) 104px 76px 112px 68px',
  lg: 'minmax(0, 2.2fr) 108px minmax(0, 1.6fr) 80px 124px 72px',
} as const;

function secondaryLine(provider: ListProvider): string {
  const nickname = provider.nickname?.trim();
  return [nickname ? `“${nickname}”` : '', provider.email?.trim() ?? ''].filter(Boolean).join(' · ');
}

export const ProviderRow = memo(function ProviderRow({ row: provider, index, top, tabbable, onOpen, onKeyNavigate }: ListRowProps<ListProvider>) {
  const name = providerDisplayName(provider) || 'Unnamed provider';
  const secondary = secondaryLine(provider);
  const specialty = provider.taxonomy_description;
  return (
    <ListRowFrame tabbable={tabbable} id={provider.id} index={index} top={top} onOpen={onOpen} onKeyNavigate={onKeyNavigate} idAttribute="provider">
      <div role="cell" className="lt-cell">
        <p className="lt-text lt-name">{name}</p>
        {secondary && <p className="lt-text lt-small lt-from-lg">{secondary}</p>}
        <p className="lt-text lt-small lt-below-lg" aria-hidden>
          {specialty || secondary}
        </p>
      </div>
      <div role="cell" className="lt-cell">
        {provider.npi ? (
          <p className="lt-mono">{provider.npi}</p>
        ) : (
          <p className="lt-none" aria-label="No NPI">
            —
          </p>
        )}
      </div>
      <div role="cell" className="lt-cell lt-from-lg">
        <p className={specialty ? 'lt-text lt-body' : 'lt-text lt-body lt-none'} title={specialty ?? undefined}>
          {specialty || '—'}
        </p>
      </div>
      <div role="cell">
        <StatusBadge isActive={provider.is_active} exclusionStatus={provider.exclusion_status} />
      </div>
      <div role="cell" className="lt-cell">
        <PecosIndicator provider={provider} />
      </div>
      <div role="cell" className="lt-cell-actions">
        <VerifyPecosButton provider={provider} />
      </div>
    </ListRowFrame>
  );
});
