/**
 * The frame of the sign-in and set-password pages: on wide screens a brand panel that says
 * what the product is, beside the form; on tablets the form alone under the logo.
 */
import { Box, Flex, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { LuCloudOff, LuShieldCheck, LuStethoscope } from 'react-icons/lu';
import { BrandLockup } from '../../../components/brand.tsx';
import { ColorModeButton } from '../../../components/ui/color-mode.tsx';

const POINTS = [
  { icon: LuStethoscope, text: 'NPI registry lookups and PECOS enrollment checks in one place' },
  { icon: LuShieldCheck, text: 'Result distribution and delegates kept with every provider' },
  { icon: LuCloudOff, text: 'Keeps working on your device when the connection drops' },
];

export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <Flex minH="100dvh" bg="bg.subtle">
      <Flex
        hideBelow="lg"
        direction="column"
        justify="space-between"
        w="46%"
        maxW="2xl"
        p="12"
        color="white"
        bgGradient="to-br"
        gradientFrom="brand.solid"
        gradientTo="brand.deep"
        position="relative"
        overflow="hidden"
      >
        <Box asChild alignSelf="flex-start" rounded="md" focusVisibleRing="outside">
          <RouterLink to="/" aria-label="LabLink home">
            <BrandLockup inverted />
          </RouterLink>
        </Box>
        <Stack gap="8" maxW="md" position="relative">
          <Heading as="p" fontSize="4xl" lineHeight="1.15" fontWeight="semibold" letterSpacing="-0.02em">
            The provider directory your laboratory runs on.
          </Heading>
          <Stack as="ul" gap="4" listStyleType="none">
            {POINTS.map(({ icon: Icon, text }) => (
              <HStack as="li" key={text} gap="3" align="flex-start">
                <Box bg="whiteAlpha.200" rounded="md" p="2" aria-hidden>
                  <Icon size="18" />
                </Box>
                <Text pt="1" color="whiteAlpha.900">
                  {text}
                </Text>
              </HStack>
            ))}
          </Stack>
        </Stack>
        <Text fontSize="sm" color="whiteAlpha.800">
          For authorized laboratory staff. Activity is recorded.
        </Text>
      </Flex>

      <Flex flex="1" direction="column">
        <Flex justify="space-between" align="center" px={{ base: '5', md: '8' }} py="5">
          <Box hideFrom="lg" asChild rounded="md" focusVisibleRing="outside">
            <RouterLink to="/" aria-label="LabLink home">
              <BrandLockup />
            </RouterLink>
          </Box>
          <Box flex="1" />
          <ColorModeButton />
        </Flex>
        <Flex flex="1" align="center" justify="center" px={{ base: '5', md: '8' }} pb="16">
          <Box w="full" maxW="md">
            {children}
          </Box>
        </Flex>
        <Text textAlign="center" fontSize="xs" color="fg.muted" pb="6">
          Need access? Ask your laboratory administrator for an invitation.{' '}
          <Link asChild color="brand.fg">
            <RouterLink to="/">About LabLink</RouterLink>
          </Link>
        </Text>
      </Flex>
    </Flex>
  );
}
