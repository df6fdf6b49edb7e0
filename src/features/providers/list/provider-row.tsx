/**
 * One provider in a list: name (with credential and nickname), NPI, specialty, status,
 * PECOS and the verify action. The whole row opens the provider (click, or Enter when it
 * has the focus), as spec §2 says for a row click. Plain elements with the static rules of
 * provider-row.css: every visible row re-renders on each keystroke of the search.
 */
import { memo, type KeyboardEvent } from 'react';
import { providerDisplayName } from '../../../lib/provider/provider-name.ts';
import type { ListProvider } from '../data/provider-list-source.ts';
import { PecosIndicator } from '../shared/pecos-indicator.tsx';
import { StatusBadge } from '../shared/status-badge.tsx';
import { VerifyPecosButton } from './verify-pecos-button.tsx';
import './provider-row.css';

/** The rows' height in pixels (provider-row.css sets the same on `.pd-row`). */
export const ROW_HEIGHT = 60;

export interface ProviderRowProps {
  provider: ListProvider;
  index: number;
  /** Offset from the top of the list, in pixels (a number, so unchanged rows skip rendering). */
  top: number;
  onOpen: (id: string) => void;
  onKeyNavigate: (event: KeyboardEvent<HTMLDivElement>, index: number) => void;
}

function secondaryLine(provider: ListProvider): string {
  const nickname = provider.nickname?.trim();
  return [nickname ? `“${nickname}”` : '', provider.email?.trim() ?? ''].filter(Boolean).join(' · ');
}

export const ProviderRow = memo(function ProviderRow({ provider, index, top, onOpen, onKeyNavigate }: ProviderRowProps) {
  const name = providerDisplayName(provider) || 'Unnamed provider';
  const secondary = secondaryLine(provider);
  const specialty = provider.taxonomy_description;
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      tabIndex={0}
      data-index={index}
      data-provider-id={provider.id}
      className="pd-grid pd-row"
      style={{ transform: `translateY(${top}px)` }}
      onClick={() => onOpen(provider.id)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && event.target === event.currentTarget) {
          event.preventDefault();
          onOpen(provider.id);
          return;
        }
        onKeyNavigate(event, index);
      }}
    >
      <div role="cell" className="pd-cell">
        <p className="pd-text pd-name">{name}</p>
        {secondary && <p className="pd-text pd-small pd-from-lg">{secondary}</p>}
        <p className="pd-text pd-small pd-below-lg" aria-hidden>
          {specialty || secondary}
        </p>
      </div>
      <div role="cell" className="pd-cell">
        {provider.npi ? (
          <p className="pd-npi">{provider.npi}</p>
        ) : (
          <p className="pd-none" aria-label="No NPI">
            —
          </p>
        )}
      </div>
      <div role="cell" className="pd-cell pd-from-lg">
        <p className={specialty ? 'pd-text pd-specialty' : 'pd-text pd-specialty pd-none'} title={specialty ?? undefined}>
          {specialty || '—'}
        </p>
      </div>
      <div role="cell">
        <StatusBadge isActive={provider.is_active} />
      </div>
      <div role="cell" className="pd-cell">
        <PecosIndicator provider={provider} />
      </div>
      <div role="cell" className="pd-cell-actions">
        <VerifyPecosButton provider={provider} />
      </div>
    </div>
  );
});
