/**
 * One provider in a list: name (with credential and nickname), NPI, specialty, status,
 * PECOS and the verify action. The whole row opens the provider (click, or Enter when it
 * has the focus), as spec §2 says for a row click.
 */
import { Box, Grid, Text } from '@chakra-ui/react';
import { memo, type KeyboardEvent } from 'react';
import { providerDisplayName } from '../../../lib/provider/provider-name.ts';
import type { ListProvider } from '../data/provider-list-source.ts';
import { PecosIndicator } from '../shared/pecos-indicator.tsx';
import { StatusBadge } from '../shared/status-badge.tsx';
import { VerifyPecosButton } from './verify-pecos-button.tsx';

export const ROW_HEIGHT = 60;
/**
 * Provider, NPI, Specialty, Status, PECOS, Actions. Below the lg breakpoint (tablets) the
 * specialty moves under the name so the names keep their room.
 */
export const LIST_COLUMNS_TEMPLATE = {
  base: 'minmax(0, 1fr) 104px 76px 112px 68px',
  lg: 'minmax(0, 2.2fr) 108px minmax(0, 1.6fr) 80px 124px 72px',
} as const;

/** The Specialty column's cells and heading show from the lg breakpoint. */
export const SPECIALTY_COLUMN_DISPLAY = { base: 'none', lg: 'block' } as const;

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
  return (
    <Grid
      role="row"
      aria-rowindex={index + 2}
      tabIndex={0}
      data-index={index}
      data-provider-id={provider.id}
      style={{ transform: `translateY(${top}px)` }}
      position="absolute"
      top="0"
      insetStart="0"
      width="100%"
      height={`${ROW_HEIGHT}px`}
      templateColumns={LIST_COLUMNS_TEMPLATE}
      columnGap="3"
      alignItems="center"
      px="4"
      borderBottomWidth="1px"
      borderColor="border.muted"
      cursor="pointer"
      _hover={{ bg: 'bg.muted' }}
      focusVisibleRing="inside"
      focusRingColor="brand.focusRing"
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
      <Box role="cell" minW="0">
        <Text fontWeight="medium" truncate>
          {name}
        </Text>
        {secondary && (
          <Text fontSize="xs" color="fg.muted" truncate hideBelow="lg">
            {secondary}
          </Text>
        )}
        <Text fontSize="xs" color="fg.muted" truncate hideFrom="lg" aria-hidden>
          {provider.taxonomy_description || secondary}
        </Text>
      </Box>
      <Box role="cell" minW="0">
        {provider.npi ? (
          <Text fontFamily="mono" fontSize="sm" letterSpacing="tight">
            {provider.npi}
          </Text>
        ) : (
          <Text color="fg.subtle" aria-label="No NPI">
            —
          </Text>
        )}
      </Box>
      <Box role="cell" minW="0" display={SPECIALTY_COLUMN_DISPLAY}>
        <Text fontSize="sm" color={provider.taxonomy_description ? 'fg' : 'fg.subtle'} truncate title={provider.taxonomy_description ?? undefined}>
          {provider.taxonomy_description || '—'}
        </Text>
      </Box>
      <Box role="cell">
        <StatusBadge isActive={provider.is_active} />
      </Box>
      <Box role="cell" minW="0">
        <PecosIndicator provider={provider} />
      </Box>
      <Box role="cell" display="flex" justifyContent="flex-end">
        <VerifyPecosButton provider={provider} />
      </Box>
    </Grid>
  );
});
