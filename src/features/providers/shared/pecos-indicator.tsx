/**
 * The PECOS column (spec §4): 'Not verified' without a verification date; a green check
 * (enrolled) or a red cross (not enrolled) with a clock whose tooltip says 'Last verified:
 * MMM d, yyyy' (or 'Never'); a warning icon 'NPI required for PECOS verification' without an
 * NPI. Beside it, whether the provider may order Medicare lab tests (PARTB) when that is
 * known. Every icon carries its text as an accessible label; tooltips repeat it for the mouse.
 * Plain markup (provider-cells.css): every visible list row renders it on every keystroke.
 */
import type { ReactNode } from 'react';
import { LuCircleCheck, LuCircleX, LuClock, LuTriangleAlert } from 'react-icons/lu';
import { LazyTooltip } from '../../../components/ui/lazy-tooltip.tsx';
import { MEDICARE_ORDERING_LABELS, medicareLabOrdering, pecosStatus, type PecosFields } from '../model/pecos-status.ts';
import './provider-cells.css';
import '../../../components/list/list-badge.css';

// The icons as constant elements: React skips an element it rendered before, so a row
// reused for another provider does not rebuild its SVGs on every keystroke of the search.
const WARNING_ICON = <LuTriangleAlert aria-hidden />;
const ENROLLED_ICON = <LuCircleCheck aria-hidden />;
const NOT_ENROLLED_ICON = <LuCircleX aria-hidden />;
const CLOCK_ICON = <LuClock aria-hidden />;

function Labelled({ label, tone, children }: { label: string; tone: string; children: ReactNode }) {
  return (
    <LazyTooltip content={label}>
      <span role="img" aria-label={label} className={`pd-icon pd-tone-${tone}`}>
        {children}
      </span>
    </LazyTooltip>
  );
}

export function PecosIndicator({ provider, showOrdering = true }: { provider: PecosFields; showOrdering?: boolean }) {
  const status = pecosStatus(provider);
  const ordering = medicareLabOrdering(provider);
  if (status.state === 'npi_required') {
    return (
      <div className="pd-pecos" data-pecos={status.state}>
        <Labelled label={status.label} tone="warning">
          {WARNING_ICON}
        </Labelled>
      </div>
    );
  }
  return (
    <div className="pd-pecos" data-pecos={status.state}>
      {status.state === 'not_verified' ? (
        <p className="pd-pecos-text">{status.label}</p>
      ) : (
        <Labelled label={status.label} tone={status.tone}>
          {status.tone === 'success' ? ENROLLED_ICON : NOT_ENROLLED_ICON}
        </Labelled>
      )}
      <Labelled label={status.lastVerified} tone="subtle">
        {CLOCK_ICON}
      </Labelled>
      {showOrdering && ordering !== 'unknown' && (
        <LazyTooltip content={MEDICARE_ORDERING_LABELS[ordering]}>
          <span className="lt-badge" data-tone={ordering === 'yes' ? 'green' : 'orange'} aria-label={MEDICARE_ORDERING_LABELS[ordering]}>
            {ordering === 'yes' ? 'Part B' : 'No Part B'}
          </span>
        </LazyTooltip>
      )}
    </div>
  );
}
