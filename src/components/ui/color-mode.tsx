/**
 * Light/dark mode with next-themes (Chakra v3's recommended pairing): the choice is a
 * `light`/`dark` class on <html>, stored in localStorage under `theme`, light by default.
 */
import { IconButton, type IconButtonProps } from '@chakra-ui/react';
import { ThemeProvider, useTheme, type ThemeProviderProps } from 'next-themes';
import { LuMoon, LuSun } from 'react-icons/lu';

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

export function colorModeSwitchLabel(colorMode: ColorMode): string {
  return colorMode === 'dark' ? 'Switch to light mode' : 'Switch to dark mode';
}

/** The light/dark switch. Wrap it in a Tooltip where one is wanted (it forwards props). */
export function ColorModeButton(props: Omit<IconButtonProps, 'aria-label'>) {
  const { colorMode, toggleColorMode } = useColorMode();
  return (
    <IconButton variant="ghost" size="sm" aria-label={colorModeSwitchLabel(colorMode)} onClick={toggleColorMode} {...props}>
      {colorMode === 'dark' ? <LuSun /> : <LuMoon />}
    </IconButton>
  );
}
