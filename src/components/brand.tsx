/**
 * The product's name and mark, in one place: the header, the sign-in page, the landing page
 * and the PWA icons (public/icons, rendered from the same drawing) all show the same thing.
 */
import { HStack, Text, chakra, type HTMLChakraProps } from '@chakra-ui/react';
import { useId } from 'react';

export const APP_NAME = 'LabLink';
export const APP_TAGLINE = 'Provider Directory';

/** The mark: a laboratory flask on the brand tile. Decorative: the name is always beside it. */
export function BrandMark(props: HTMLChakraProps<'svg'>) {
  // One id per instance: a gradient defined inside a hidden copy (the sidebar below 1024 px)
  // would not paint for the visible ones.
  const gradient = `brand-mark-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <chakra.svg viewBox="0 0 512 512" boxSize="9" flexShrink={0} aria-hidden="true" focusable="false" {...props}>
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--chakra-colors-brand-focus-ring)" />
          <stop offset="1" stopColor="var(--chakra-colors-brand-solid)" />
        </linearGradient>
      </defs>
      <rect width="512" height="512" rx="120" fill={`url(#${gradient})`} />
      <path
        d="M200 120h112M224 124v96L140 364a36 36 0 0 0 31 54h170a36 36 0 0 0 31-54l-84-144v-96"
        fill="none"
        stroke="#fff"
        strokeWidth="30"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M177 300h158l37 64a36 36 0 0 1-31 54H171a36 36 0 0 1-31-54z" fill="#fff" />
      <circle cx="240" cy="262" r="12" fill="#fff" />
      <circle cx="268" cy="230" r="8" fill="#fff" />
    </chakra.svg>
  );
}

export function BrandLockup({ inverted = false }: { inverted?: boolean }) {
  return (
    <HStack gap="2.5">
      <BrandMark />
      <div>
        <Text fontWeight="bold" fontSize="md" lineHeight="1.1" color={inverted ? 'white' : 'fg'}>
          {APP_NAME}
        </Text>
        <Text fontSize="xs" lineHeight="1.2" color={inverted ? 'whiteAlpha.800' : 'fg.muted'}>
          {APP_TAGLINE}
        </Text>
      </div>
    </HStack>
  );
}
