/**
 * `/`: what LabLink is, for the laboratory staff who will use it, and the way in. Public and
 * light: it must paint fast on a clinic connection (no supabase-js before first paint).
 */
import { Badge, Box, Button, Container, Flex, Grid, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import {
  LuArrowRight,
  LuBadgeCheck,
  LuBuilding2,
  LuCloudOff,
  LuMail,
  LuSearch,
  LuUsersRound,
} from 'react-icons/lu';
import { APP_NAME, BrandLockup } from '../../components/brand.tsx';
import { ColorModeButton } from '../../components/ui/color-mode.tsx';
import { selectKnownUser, useSessionStore } from '../../stores/session-store.ts';
import { ProductPreview } from './product-preview.tsx';

const FEATURES = [
  {
    icon: LuSearch,
    title: 'NPI registry lookup',
    text: 'Enter an NPI and get the NPPES record — name, credential, taxonomy, practice address — checked before anyone retypes it.',
  },
  {
    icon: LuBadgeCheck,
    title: 'PECOS enrollment checks',
    text: 'See at a glance which ordering providers are enrolled in Medicare, and when that was last verified, before a claim is denied.',
  },
  {
    icon: LuMail,
    title: 'Result distribution',
    text: 'Email, fax and in-app delivery with the report format each provider wants, kept with the provider record.',
  },
  {
    icon: LuUsersRound,
    title: 'Delegates',
    text: 'Let office staff order tests or view results on a provider’s behalf, and remove that access in one click.',
  },
  {
    icon: LuBuilding2,
    title: 'Organizations',
    text: 'Link providers to the practices, clinics and direct-bill clients they order for.',
  },
  {
    icon: LuCloudOff,
    title: 'Works offline',
    text: 'The directory lives on your device. Search and edit on a flaky connection; changes sync when you are back online.',
  },
];

const STEPS = [
  { title: 'Look up', text: 'Verify the NPI against the national registry.' },
  { title: 'Verify', text: 'Check PECOS enrollment and ordering eligibility.' },
  { title: 'Set up', text: 'Link organizations, delivery preferences and delegates.' },
];

function Header() {
  const signedIn = useSessionStore((state) => selectKnownUser(state) !== null);
  return (
    <Box as="header" borderBottomWidth="1px" bg="bg.panel/80" backdropFilter="blur(8px)" position="sticky" top="0" zIndex="sticky">
      <Container maxW="7xl">
        <Flex h="16" align="center" gap="3">
          <BrandLockup />
          <Box flex="1" />
          <Link href="#features" hideBelow="md" color="fg.muted" fontSize="sm" fontWeight="medium" me="2">
            Features
          </Link>
          <ColorModeButton />
          {signedIn ? (
            <Button asChild size="sm">
              <RouterLink to="/dashboard">
                Open {APP_NAME} <LuArrowRight />
              </RouterLink>
            </Button>
          ) : (
            <>
              <Button asChild size="sm" variant="ghost">
                <RouterLink to="/auth/signin">Sign in</RouterLink>
              </Button>
              <Button asChild size="sm">
                <RouterLink to="/auth/signup">Create account</RouterLink>
              </Button>
            </>
          )}
        </Flex>
      </Container>
    </Box>
  );
}

function Hero() {
  return (
    <Box position="relative" overflow="hidden" bgGradient="to-b" gradientFrom="brand.subtle" gradientTo="bg.subtle">
      <Container maxW="7xl" py={{ base: '14', md: '20', lg: '24' }}>
        <Grid templateColumns={{ base: '1fr', lg: '1.05fr 1fr' }} gap={{ base: '12', lg: '16' }} alignItems="center">
          <Stack gap="6" maxW="2xl">
            <Badge alignSelf="flex-start" variant="surface" rounded="full" px="3" py="1" fontSize="xs">
              For clinical laboratory teams
            </Badge>
            <Heading as="h1" fontSize={{ base: '4xl', md: '5xl' }} lineHeight="1.1" letterSpacing="-0.03em" fontWeight="bold">
              Every ordering provider,{' '}
              <Box as="span" color="brand.fg">
                verified and within reach.
              </Box>
            </Heading>
            <Text fontSize={{ base: 'lg', md: 'xl' }} color="fg.muted" lineHeight="1.6">
              {APP_NAME} is the provider directory for your laboratory’s client services and outreach staff. Look up
              NPIs, confirm PECOS enrollment, and decide where every result goes — even when the clinic Wi-Fi gives up.
            </Text>
            <HStack gap="3" wrap="wrap">
              <Button asChild size="xl">
                <RouterLink to="/auth/signin">
                  Sign in <LuArrowRight />
                </RouterLink>
              </Button>
              <Button asChild size="xl" variant="outline">
                <RouterLink to="/auth/signup">Create an account</RouterLink>
              </Button>
            </HStack>
            <HStack gap="5" color="fg.muted" fontSize="sm" wrap="wrap">
              <HStack gap="1.5">
                <LuCloudOff aria-hidden /> Works offline
              </HStack>
              <HStack gap="1.5">
                <LuBadgeCheck aria-hidden /> Registry-verified data
              </HStack>
              <HStack gap="1.5">
                <LuUsersRound aria-hidden /> Role-based access
              </HStack>
            </HStack>
          </Stack>
          <ProductPreview />
        </Grid>
      </Container>
    </Box>
  );
}

function Features() {
  return (
    <Container as="section" id="features" maxW="7xl" py={{ base: '16', md: '20' }} aria-labelledby="features-title">
      <Stack gap="3" maxW="2xl" mb="12">
        <Text color="brand.fg" fontWeight="semibold" fontSize="sm" textTransform="uppercase" letterSpacing="wider">
          What it does
        </Text>
        <Heading as="h2" id="features-title" fontSize={{ base: '3xl', md: '4xl' }} letterSpacing="-0.02em">
          One trusted record per provider
        </Heading>
        <Text color="fg.muted" fontSize="lg">
          Healthcare providers with an NPI and non-healthcare clients who order on account, kept accurate by the people
          who answer the phone when a result goes astray.
        </Text>
      </Stack>
      <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }} gap="5">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <Stack key={title} gap="3" p="6" bg="bg.panel" borderWidth="1px" rounded="xl" shadow="xs">
            <Box alignSelf="flex-start" p="2.5" rounded="lg" bg="brand.subtle" color="brand.fg" aria-hidden>
              <Icon size="20" />
            </Box>
            <Heading as="h3" size="md">
              {title}
            </Heading>
            <Text color="fg.muted">{text}</Text>
          </Stack>
        ))}
      </Grid>
    </Container>
  );
}

function Steps() {
  return (
    <Box as="section" bg="bg.panel" borderYWidth="1px" aria-labelledby="steps-title">
      <Container maxW="7xl" py={{ base: '14', md: '16' }}>
        <Heading as="h2" id="steps-title" size="xl" mb="8" letterSpacing="-0.01em">
          From NPI to first order in three steps
        </Heading>
        <Grid templateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="6" as="ol" listStyleType="none">
          {STEPS.map((step, index) => (
            <HStack as="li" key={step.title} align="flex-start" gap="4">
              <Flex
                boxSize="9"
                flexShrink={0}
                rounded="full"
                bg="brand.solid"
                color="brand.contrast"
                align="center"
                justify="center"
                fontWeight="bold"
              >
                {index + 1}
              </Flex>
              <Stack gap="1">
                <Text fontWeight="semibold">{step.title}</Text>
                <Text color="fg.muted">{step.text}</Text>
              </Stack>
            </HStack>
          ))}
        </Grid>
      </Container>
    </Box>
  );
}

export function LandingPage() {
  return (
    <Box minH="100dvh" bg="bg.subtle">
      <Header />
      <main>
        <Hero />
        <Features />
        <Steps />
      </main>
      <Container as="footer" maxW="7xl" py="10">
        <Flex gap="4" justify="space-between" wrap="wrap" color="fg.muted" fontSize="sm">
          <Text>
            {APP_NAME} · Provider directory for laboratory staff. Access is limited to authorized users.
          </Text>
          <Link asChild color="brand.fg" fontWeight="medium">
            <RouterLink to="/auth/signin">Staff sign in</RouterLink>
          </Link>
        </Flex>
      </Container>
    </Box>
  );
}
