/**
 * The frame of every signed-in page: the sidebar navigation on desktop (a drawer below
 * 1024 px), the header with the sync status, theme switch and user menu, and the page.
 */
import { Box, Flex, IconButton, SkipNavContent, SkipNavLink } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, Outlet } from 'react-router-dom';
import { LuMenu } from 'react-icons/lu';
import { BrandLockup } from '../../components/brand.tsx';
import { ColorModeButton, colorModeSwitchLabel, useColorMode } from '../../components/ui/color-mode.tsx';
import { LazyTooltip, preloadTooltip } from '../../components/ui/lazy-tooltip.tsx';
import { DrawerBody, DrawerCloseTrigger, DrawerContent, DrawerHeader, DrawerRoot } from '../../components/ui/drawer.tsx';
import { selectIsProviderOnly, useSessionStore } from '../../stores/session-store.ts';
import { pageCommitted } from '../first-page-paint.ts';
import { preloadWhenIdle } from '../preload-when-idle.ts';
import { homePathFor } from '../role-routing.tsx';
import { useFocusOnNavigation } from './focus-on-navigation.ts';
import { SidebarNav } from './sidebar-nav.tsx';
import { SyncIndicator } from './sync-indicator.tsx';
import { UserMenu } from './user-menu.tsx';

const SIDEBAR_WIDTH = '264px';

function HomeLink() {
  const home = homePathFor(useSessionStore(selectIsProviderOnly));
  return (
    <Box asChild rounded="md" focusVisibleRing="outside" display="inline-flex">
      <RouterLink to={home} aria-label="LabLink home">
        <BrandLockup />
      </RouterLink>
    </Box>
  );
}

export function MainLayout() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { colorMode } = useColorMode();
  const main = useRef<HTMLElement>(null);
  useFocusOnNavigation(main);
  useEffect(pageCommitted, []);
  // Tooltips' code is not needed for the first paint; once idle it is there for the first hover.
  useEffect(() => preloadWhenIdle(preloadTooltip), []);
  return (
    <Box minH="100dvh" bg="bg.subtle">
      <SkipNavLink>Skip to content</SkipNavLink>

      <Box
        as="aside"
        hideBelow="lg"
        position="fixed"
        insetY="0"
        insetStart="0"
        width={SIDEBAR_WIDTH}
        bg="bg.panel"
        borderEndWidth="1px"
        display="flex"
        flexDirection="column"
        zIndex="docked"
      >
        <Flex h="16" align="center" px="5" borderBottomWidth="1px">
          <HomeLink />
        </Flex>
        <Box flex="1" overflowY="auto" px="3" py="5">
          <SidebarNav />
        </Box>
      </Box>

      <DrawerRoot open={drawerOpen} onOpenChange={(details) => setDrawerOpen(details.open)} placement="start" size="xs">
        <DrawerContent>
          <DrawerHeader borderBottomWidth="1px">
            <HomeLink />
          </DrawerHeader>
          <DrawerBody px="3" py="5">
            <SidebarNav onNavigate={() => setDrawerOpen(false)} />
          </DrawerBody>
          <DrawerCloseTrigger />
        </DrawerContent>
      </DrawerRoot>

      <Box ps={{ base: '0', lg: SIDEBAR_WIDTH }}>
        <Flex
          as="header"
          position="sticky"
          top="0"
          zIndex="sticky"
          h="16"
          align="center"
          gap="3"
          px={{ base: '4', md: '6' }}
          // Opaque, without a backdrop blur: a blurred header re-filters what scrolls under
          // it on every frame, and without a GPU (thin clients, remote desktops) that took
          // about a fifth of each search keystroke's time (tests/bench, ARCHITECTURE.md).
          bg="bg.panel"
          borderBottomWidth="1px"
          data-testid="app-header"
        >
          <IconButton variant="ghost" size="sm" hideFrom="lg" aria-label="Open navigation" onClick={() => setDrawerOpen(true)}>
            <LuMenu />
          </IconButton>
          <Box hideFrom="lg">
            <HomeLink />
          </Box>
          <Box flex="1" />
          <SyncIndicator />
          <LazyTooltip content={colorModeSwitchLabel(colorMode)} placement="bottom">
            <ColorModeButton />
          </LazyTooltip>
          <UserMenu />
        </Flex>
        <SkipNavContent />
        <Box as="main" ref={main} px={{ base: '4', md: '8' }} py={{ base: '6', md: '8' }} maxW="1440px" mx="auto">
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}
