/**
 * The per-row "verify PECOS" button (spec §4, §5): idle, busy (spinner), then success or
 * error (icon change); queued when the device is offline (it runs when the connection is
 * back). It is disabled without an NPI or while a check runs. "Disabled" is aria-disabled
 * rather than the disabled attribute, so a click on a provider without an NPI can still
 * say why ('NPI Required') instead of doing nothing. A plain button styled like Chakra's
 * ghost IconButton (provider-cells.css): every visible list row renders one per keystroke.
 */
import { Spinner } from '@chakra-ui/react';
import type { JSX, MouseEvent } from 'react';
import { LuCircleCheck, LuCircleX, LuCloudUpload, LuShieldCheck } from 'react-icons/lu';
import { LazyTooltip } from '../../../components/ui/lazy-tooltip.tsx';
import { providerFullName } from '../../../lib/provider/provider-name.ts';
import { canVerifyPecos, PECOS_NPI_REQUIRED_TOOLTIP } from '../model/pecos-status.ts';
import type { PecosCheckStatus } from '../pecos/pecos-check-state.ts';
import { usePecosCheck } from '../pecos/use-pecos-check.ts';
import '../shared/provider-cells.css';

const HINTS: Readonly<Record<PecosCheckStatus, string>> = {
  idle: 'Verify PECOS enrollment',
  running: 'Verifying PECOS enrollment…',
  queued: 'PECOS check queued: it runs when this device is back online',
  success: 'PECOS verification complete. Verify again',
  error: 'PECOS verification failed. Try again',
};

// Constant elements, so a list row reused for another provider keeps its SVG (pecos-indicator.tsx).
const ICONS: Readonly<Record<Exclude<PecosCheckStatus, 'running'>, JSX.Element>> = {
  idle: <LuShieldCheck aria-hidden />,
  queued: <LuCloudUpload aria-hidden />,
  success: <LuCircleCheck aria-hidden />,
  error: <LuCircleX aria-hidden />,
};

export interface VerifyPecosButtonProps {
  provider: { id: string; npi: string | null; first_name: string | null; last_name: string | null };
  size?: 'xs' | 'sm';
}

export function VerifyPecosButton({ provider, size = 'sm' }: VerifyPecosButtonProps) {
  const { status, start } = usePecosCheck(provider.id);
  const busy = status === 'running' || status === 'queued';
  const hasNpi = canVerifyPecos(provider, false);
  const disabled = busy || !hasNpi;
  const hint = hasNpi ? HINTS[status] : PECOS_NPI_REQUIRED_TOOLTIP;
  const name = providerFullName(provider);

  const onClick = (event: MouseEvent) => {
    // The row opens the provider on click; the button must not.
    event.stopPropagation();
    if (busy) return;
    start(provider);
  };

  return (
    <LazyTooltip content={hint} placement="left">
      <button
        type="button"
        className="pd-icon-button"
        data-size={size}
        data-tone={status === 'success' ? 'green' : status === 'error' ? 'red' : status === 'queued' ? 'orange' : 'gray'}
        data-no-npi={!hasNpi || undefined}
        aria-label={`${hint}${name ? ` for ${name}` : ''}`}
        aria-disabled={disabled || undefined}
        aria-busy={busy || undefined}
        data-check={status}
        onClick={onClick}
        onKeyDown={(event) => event.stopPropagation()}
      >
        {status === 'running' ? <Spinner size="sm" /> : ICONS[status]}
      </button>
    </LazyTooltip>
  );
}
