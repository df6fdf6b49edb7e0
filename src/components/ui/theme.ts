/**
 * The app's one Chakra theme system: Chakra's defaults plus the brand palette, fonts and
 * global styles. Light by default, dark on demand (color-mode.tsx). Two accent palettes:
 * non-admins get the calm teal "clinical" accent (the `clinical` class on <html>), admins an
 * indigo accent, so an elevated session is recognisable at a glance. Components use the
 * `brand` palette (the default palette on <html>) and never hard-code either.
 */
import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  breadcrumbSlotRecipe,
  breakpoints,
  cardSlotRecipe,
  checkboxSlotRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  keyframes,
  layerStyles,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  popoverSlotRecipe,
  progressSlotRecipe,
  radioGroupSlotRecipe,
  recipes,
  segmentGroupSlotRecipe,
  semanticTokens,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
  tooltipSlotRecipe,
} from '@chakra-ui/react/theme';

/** Picks the accent per (clinical?, dark?) — Chakra tokens cannot nest two conditions. */
function accent(admin: string, clinical: string, adminDark = admin, clinicalDark = clinical) {
  return {
    value: {
      base: `{colors.admin.${admin}}`,
      _dark: `{colors.admin.${adminDark}}`,
      _clinical: `{colors.clinical.${clinical}}`,
      _clinicalDark: `{colors.clinical.${clinicalDark}}`,
    },
  };
}

/** A palette's focus ring: the given shade on a light page, its 500 (or 400 for gray) on a dark one. */
function focusRings(lightShades: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(lightShades).map(([palette, shade]) => [
      palette,
      { focusRing: { value: { _light: `{colors.${palette}.${shade}}`, _dark: `{colors.${palette}.${palette === 'gray' ? '400' : '500'}}` } } },
    ]),
  );
}

const scale = (values: Record<string, string>) =>
  Object.fromEntries(Object.entries(values).map(([step, value]) => [step, { value }]));

const config = defineConfig({
  conditions: {
    // Both classes sit on <html>: next-themes sets `dark`, the session sets `clinical`.
    clinical: '.clinical &',
    clinicalDark: '.clinical.dark &',
  },
  globalCss: {
    // Focus rings meet WCAG 2.2's focus appearance (2.4.13): at least 2 px, in a colour 3:1
    // against what surrounds it. Chakra draws inputs' rings 1 px wide unless told otherwise.
    html: { colorPalette: 'brand', '--focus-ring-width': '2px' },
    // A page's heading, focused after a move to the page (focus-on-navigation.ts).
    'main h1[tabindex="-1"]:focus-visible': { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '4px', borderRadius: 'l1' },
    // The native date and time inputs' picker button (Chromium draws no focus ring on it).
    'input::-webkit-calendar-picker-indicator:focus-visible': {
      outline: '2px solid',
      outlineColor: 'brand.focusRing',
      outlineOffset: '2px',
      borderRadius: 'l1',
    },
    body: { bg: 'bg.subtle', color: 'fg', fontFeatureSettings: '"cv11", "ss01"' },
    '::selection': { bg: 'brand.muted' },
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: 'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif' },
        body: { value: 'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif' },
      },
      colors: {
        // 600 is dark enough that a solid button's hover (600 at 90 % over white) keeps white text at AA (5.1:1).
        clinical: scale({
          50: '#effcfb', 100: '#cdf3ef', 200: '#9be6df', 300: '#5fcfc8', 400: '#2eb2ad',
          500: '#16928f', 600: '#0c6b6d', 700: '#105e61', 800: '#124c4f', 900: '#133f42', 950: '#062528',
        }),
        admin: scale({
          50: '#eef2ff', 100: '#e0e7ff', 200: '#c7d2fe', 300: '#a5b4fc', 400: '#818cf8',
          500: '#6366f1', 600: '#4f46e5', 700: '#4338ca', 800: '#3730a3', 900: '#312e81', 950: '#1e1b4b',
        }),
      },
    },
    semanticTokens: {
      colors: {
        // Chakra's light error text (red.500 on white, 3.8:1) is under AA for field messages.
        fg: { error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.400}' } } },
        // Focus rings 3:1 against a light page (2.4.13): Chakra's gray.400 and the light 500s
        // of these palettes are 2.3–2.9:1 on white.
        ...focusRings({ gray: '600', green: '600', orange: '600', yellow: '700', teal: '600', cyan: '600' }),
        brand: {
          solid: accent('600', '600'),
          contrast: { value: 'white' },
          fg: accent('700', '700', '300', '300'),
          muted: accent('100', '100', '900', '900'),
          subtle: accent('50', '50', '950', '950'),
          emphasized: accent('200', '200', '800', '800'),
          focusRing: accent('500', '500', '400', '400'),
          /** A deep shade for large brand surfaces under white text (the sign-in panel). */
          deep: accent('800', '800', '900', '900'),
        },
      },
    },
  },
});

/**
 * Chakra's default theme with only the multipart components the app uses: the full set (date
 * pickers, color pickers, carousels, tree views…) is about 100 KB of every page's first
 * script. A component whose recipe is missing renders unstyled, so theme.test.ts checks that
 * every Chakra component the app imports has its recipe here.
 */
export const slotRecipes = {
  alert: alertSlotRecipe,
  avatar: avatarSlotRecipe,
  breadcrumb: breadcrumbSlotRecipe,
  card: cardSlotRecipe,
  checkbox: checkboxSlotRecipe,
  dataList: dataListSlotRecipe,
  dialog: dialogSlotRecipe,
  drawer: drawerSlotRecipe,
  emptyState: emptyStateSlotRecipe,
  field: fieldSlotRecipe,
  fieldset: fieldsetSlotRecipe,
  list: listSlotRecipe,
  menu: menuSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  popover: popoverSlotRecipe,
  progress: progressSlotRecipe,
  radioGroup: radioGroupSlotRecipe,
  segmentGroup: segmentGroupSlotRecipe,
  switch: switchSlotRecipe,
  table: tableSlotRecipe,
  tabs: tabsSlotRecipe,
  toast: toastSlotRecipe,
  tooltip: tooltipSlotRecipe,
};

const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: { breakpoints, keyframes, tokens, semanticTokens, recipes, slotRecipes, textStyles, layerStyles, animationStyles },
});

export const system = createSystem(defaultBaseConfig, chakraTheme, config);
