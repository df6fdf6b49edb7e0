/**
 * The dashboard's building blocks (issue 27), shared by the features that put a card on it
 * (providers, organizations, later orders and results): a card with a title, and figures —
 * a count with its label that links to the list it counts, already filtered. A figure
 * without its count yet (the local list still loading) shows a skeleton, never a zero.
 */
import { Box, Card, HStack, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

const COUNT_FORMAT = new Intl.NumberFormat('en-US');

export type FigureTone = 'neutral' | 'success' | 'warning' | 'danger';

const TONE_COLOR: Readonly<Record<FigureTone, string>> = {
  neutral: 'fg',
  success: 'green.fg',
  warning: 'orange.fg',
  danger: 'red.fg',
};

export function FigureCard({ title, description, children, testId }: { title: string; description?: string; children: ReactNode; testId: string }) {
  return (
    <Card.Root variant="outline" bg="bg.panel" data-testid={testId} h="full">
      <Card.Header pb="2">
        <Card.Title as="h2" fontSize="md">
          {title}
        </Card.Title>
        {description && (
          <Text fontSize="sm" color="fg.muted">
            {description}
          </Text>
        )}
      </Card.Header>
      <Card.Body pt="2">
        <Stack gap="3">{children}</Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** A figure's short text while patient records are locked in this tab (the card says why once, with LockedFiguresNote). */
export const LOCKED_FIGURE = 'Locked';

/** One line under a card's figures that counts protected records: why they are not counted yet, and where to unlock. */
export function LockedFiguresNote({ unlockAt }: { unlockAt: string }) {
  return (
    <Text fontSize="xs" color="fg.muted" data-testid="figures-locked-note">
      Patient records are locked in this tab, so these are counted once they are open.{' '}
      <Link asChild variant="underline" colorPalette="teal">
        <RouterLink to={unlockAt}>Unlock patient records</RouterLink>
      </Link>
    </Text>
  );
}

/**
 * The line under figures of protected records shown while the records are locked: the
 * counts kept when they were last open today (numbers only, nothing of a patient), and
 * where to unlock for today's.
 */
export function KeptFiguresNote({ unlockAt }: { unlockAt: string }) {
  return (
    <Text fontSize="xs" color="fg.muted" data-testid="figures-kept-note">
      Counted when patient records were last open today; they are counted again once they are open.{' '}
      <Link asChild variant="underline" colorPalette="teal">
        <RouterLink to={unlockAt}>Unlock patient records</RouterLink>
      </Link>
    </Text>
  );
}

export interface FigureProps {
  label: string;
  /** null while it is being counted. */
  count: number | null;
  /** The list it counts, filtered (e.g. `/providers?pecos=not_enrolled`). */
  to: string;
  tone?: FigureTone;
  testId: string;
  /** Shown instead of the count when it cannot be counted here (e.g. "Counted online" for a server-only list). */
  unavailable?: string;
}

/** One figure: the count, large, and its label; the whole line links to the list. */
export function Figure({ label, count, to, tone = 'neutral', testId, unavailable }: FigureProps) {
  const color = count !== null && count > 0 ? TONE_COLOR[tone] : 'fg.muted';
  return (
    <Link asChild variant="plain" display="block" rounded="md" _hover={{ bg: 'bg.muted' }} px="2" py="1" mx="-2" outlineOffset="2px">
      <RouterLink to={to} data-testid={testId}>
        <HStack justify="space-between" gap="4" w="full">
          <Text fontSize="sm">{label}</Text>
          {count === null && unavailable ? (
            <Text as="span" fontSize="xs" color="fg.muted" data-testid={`${testId}-unavailable`}>
              {unavailable}
            </Text>
          ) : count === null ? (
            <Skeleton h="6" w="10" aria-label="Counting…" />
          ) : (
            <Text as="span" fontSize="xl" fontWeight="semibold" color={color} fontVariantNumeric="tabular-nums" data-testid={`${testId}-count`}>
              {COUNT_FORMAT.format(count)}
            </Text>
          )}
        </HStack>
      </RouterLink>
    </Link>
  );
}

export interface BarSegment {
  key: string;
  label: string;
  count: number;
  /** A Chakra colour token, e.g. 'green.solid'. */
  color: string;
  to: string;
}

/**
 * A horizontal stacked bar with its legend (plain boxes: lighter than any chart library for
 * one bar). Each segment and legend entry links to its list; the bar reads as text to a
 * screen reader through its legend.
 */
export function StackedBar({ label, segments, testId }: { label: string; segments: readonly BarSegment[]; testId: string }) {
  const total = segments.reduce((sum, segment) => sum + segment.count, 0);
  return (
    <Stack gap="2" data-testid={testId}>
      <HStack h="3" gap="0.5" rounded="full" overflow="hidden" bg="bg.muted" role="img" aria-label={label}>
        {total > 0 &&
          segments
            .filter((segment) => segment.count > 0)
            .map((segment) => <Box key={segment.key} h="full" bg={segment.color} flexGrow={segment.count} flexBasis="0" minW="1" title={`${segment.label}: ${COUNT_FORMAT.format(segment.count)}`} />)}
      </HStack>
      <HStack gap="4" wrap="wrap" fontSize="xs" color="fg.muted">
        {segments.map((segment) => (
          <Link asChild key={segment.key} variant="plain" color="fg.muted" _hover={{ color: 'fg' }}>
            <RouterLink to={segment.to}>
              <Box as="span" display="inline-block" w="2.5" h="2.5" rounded="sm" bg={segment.color} mr="1.5" aria-hidden />
              {segment.label} ({COUNT_FORMAT.format(segment.count)}
              {total > 0 ? `, ${Math.round((segment.count / total) * 100)}%` : ''})
            </RouterLink>
          </Link>
        ))}
      </HStack>
    </Stack>
  );
}
