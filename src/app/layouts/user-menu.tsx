/** The signed-in user's menu: who they are, their role, the theme, and sign-out. */
import { Avatar, Badge, Box, Button, HStack, Menu, Text } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { LuChevronDown, LuLogOut, LuMoon, LuSparkles, LuSun } from 'react-icons/lu';
import { useColorMode } from '../../components/ui/color-mode.tsx';
import { MenuContent } from '../../components/ui/menu.tsx';
import { selectIsProviderOnly, useSessionStore } from '../../stores/session-store.ts';
import { displayName } from './display-name.ts';
import { useSignOut } from './sign-out-dialog.tsx';


export function UserMenu() {
  const user = useSessionStore((state) => state.user);
  const isAdmin = useSessionStore((state) => state.isAdmin);
  const providerOnly = useSessionStore(selectIsProviderOnly);
  const roleLabel = isAdmin ? 'Admin' : providerOnly ? 'Provider' : 'Staff';
  const { colorMode, toggleColorMode } = useColorMode();
  const { requestSignOut, dialog } = useSignOut();
  const navigate = useNavigate();
  const name = displayName(user?.user_metadata, user?.email);

  return (
    <>
      <Menu.Root
        positioning={{ placement: 'bottom-end' }}
        onSelect={({ value }) => {
          if (value === 'theme') toggleColorMode();
          if (value === 'welcome') void navigate('/welcome');
          if (value === 'sign-out') requestSignOut();
        }}
      >
        <Menu.Trigger asChild>
          <Button variant="ghost" size="sm" px="1.5" aria-label={`Account menu for ${name}`} data-testid="user-menu">
            <Avatar.Root size="xs" colorPalette="brand">
              <Avatar.Fallback name={name} />
            </Avatar.Root>
            <Text as="span" hideBelow="lg" maxW="40" truncate fontWeight="medium">
              {name}
            </Text>
            <LuChevronDown aria-hidden />
          </Button>
        </Menu.Trigger>
        <MenuContent minW="64">
          <Box px="2" py="2">
            <HStack justify="space-between" gap="2">
              <Text fontWeight="semibold" truncate>
                {name}
              </Text>
              <Badge colorPalette={isAdmin ? 'brand' : 'gray'} variant="subtle">
                {roleLabel}
              </Badge>
            </HStack>
            <Text fontSize="sm" color="fg.muted" truncate>
              {user?.email}
            </Text>
          </Box>
          <Menu.Separator />
          {!providerOnly && (
            <Menu.Item value="welcome">
              <LuSparkles aria-hidden /> Getting started
            </Menu.Item>
          )}
          <Menu.Item value="theme">
            {colorMode === 'dark' ? <LuSun aria-hidden /> : <LuMoon aria-hidden />}
            {colorMode === 'dark' ? 'Light mode' : 'Dark mode'}
          </Menu.Item>
          <Menu.Separator />
          <Menu.Item value="sign-out" color="fg.error" _highlighted={{ bg: 'bg.error', color: 'fg.error' }}>
            <LuLogOut aria-hidden /> Sign out
          </Menu.Item>
        </MenuContent>
      </Menu.Root>
      {dialog}
    </>
  );
}
