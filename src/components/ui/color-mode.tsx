/**
 * Light/dark mode with next-themes (Chakra v3's recommended pairing): the choice is a
 * `light`/`dark` class on <html>, stored in localStorage under `theme`, light by default.
 */
import { ClientOnly, IconButton, Skeleton, type IconButtonProps } from '@chakra-ui/react';
import { ThemeProvider, useTheme, type ThemeProviderProps } from 'next-themes';
import { LuMoon, LuSun } from 'react-icons/lu';
import { Tooltip } from './tooltip.tsx';

export const THEME_STORAGE_KEY = 'theme';

export type ColorMode = 'light' | 'dark';

export function ColorModeProvider(props: ThemeProviderProps) {
  return (
    <ThemeProvider
      attribute="class"
      storageKey={THEME_STORAGE_KEY}
      defaultTheme="light"
      enableSystem={false}
      disableTransitionOnChange
      {...props}
    />
  );
}

export function useColorMode() {
  const { resolvedTheme, setTheme } = useTheme();
  const colorMode: ColorMode = resolvedTheme === 'dark' ? 'dark' : 'light';
  return {
    colorMode,
    setColorMode: (mode: ColorMode) => setTheme(mode),
    toggleColorMode: () => setTheme(colorMode === 'dark' ? 'light' : 'dark'),
  };
}

export function useColorModeValue<T>(light: T, dark: T): T {
  return useColorMode().colorMode === 'dark' ? dark : light;
}

export function ColorModeButton(props: Omit<IconButtonProps, 'aria-label'>) {
  const { colorMode, toggleColorMode } = useColorMode();
  const label = colorMode === 'dark' ? 'Switch to light mode' : 'Switch to dark mode';
  return (
    <ClientOnly fallback={<Skeleton boxSize="9" />}>
      <Tooltip content={label}>
        <IconButton variant="ghost" size="sm" aria-label={label} onClick={toggleColorMode} {...props}>
          {colorMode === 'dark' ? <LuSun /> : <LuMoon />}
        </IconButton>
      </Tooltip>
    </ClientOnly>
  );
}
