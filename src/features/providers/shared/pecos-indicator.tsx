/**
 * The PECOS column (spec §4): 'Not verified' without a verification date; a green check
 * (enrolled) or a red cross (not enrolled) with a clock whose tooltip says 'Last verified:
 * MMM d, yyyy' (or 'Never'); a warning icon 'NPI required for PECOS verification' without an
 * NPI. Beside it, whether the provider may order Medicare lab tests (PARTB) when that is
 * known. Every icon carries its text as an accessible label; tooltips repeat it for the mouse.
 */
import { Badge, Box, HStack, Icon, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuCircleCheck, LuCircleX, LuClock, LuTriangleAlert } from 'react-icons/lu';
import { LazyTooltip } from './lazy-tooltip.tsx';
import { MEDICARE_ORDERING_LABELS, medicareLabOrdering, pecosStatus, type PecosFields } from '../model/pecos-status.ts';

function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <LazyTooltip content={label}>
      {/* The label sits on a wrapper: Chakra's Icon hides its svg from assistive technology. */}
      <Box as="span" role="img" aria-label={label} display="inline-flex" flexShrink="0">
        <Icon boxSize="4">{children}</Icon>
      </Box>
    </LazyTooltip>
  );
}

export function PecosIndicator({ provider, showOrdering = true }: { provider: PecosFields; showOrdering?: boolean }) {
  const status = pecosStatus(provider);
  const ordering = medicareLabOrdering(provider);
  if (status.state === 'npi_required') {
    return (
      <HStack gap="1.5" color="orange.fg" data-pecos={status.state}>
        <Labelled label={status.label}>
          <LuTriangleAlert />
        </Labelled>
      </HStack>
    );
  }
  return (
    <HStack gap="1.5" data-pecos={status.state} minW="0">
      {status.state === 'not_verified' ? (
        <Text fontSize="sm" color="fg.muted" whiteSpace="nowrap">
          {status.label}
        </Text>
      ) : (
        <HStack gap="0" color={status.tone === 'success' ? 'green.fg' : 'red.fg'}>
          <Labelled label={status.label}>{status.tone === 'success' ? <LuCircleCheck /> : <LuCircleX />}</Labelled>
        </HStack>
      )}
      <HStack gap="0" color="fg.subtle">
        <Labelled label={status.lastVerified}>
          <LuClock />
        </Labelled>
      </HStack>
      {showOrdering && ordering !== 'unknown' && (
        <LazyTooltip content={MEDICARE_ORDERING_LABELS[ordering]}>
          <Badge
            size="sm"
            variant="subtle"
            colorPalette={ordering === 'yes' ? 'green' : 'orange'}
            aria-label={MEDICARE_ORDERING_LABELS[ordering]}
            whiteSpace="nowrap"
          >
            {ordering === 'yes' ? 'Part B' : 'No Part B'}
          </Badge>
        </LazyTooltip>
      )}
    </HStack>
  );
}
