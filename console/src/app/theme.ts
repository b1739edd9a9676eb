import { createSystem, defineConfig, mergeConfigs } from '@chakra-ui/react';
import { defaultBaseConfig } from '@chakra-ui/react/preset-base';
import {
  accordionSlotRecipe,
  alertSlotRecipe,
  animationStyles,
  breakpoints,
  cardSlotRecipe,
  checkboxSlotRecipe,
  collapsibleSlotRecipe,
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
  nativeSelectSlotRecipe,
  radioGroupSlotRecipe,
  recipes,
  semanticTokens,
  statSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';
import { tileGlobalCss } from '../features/projects/board/tileCss';
import { shellGlobalCss } from '../features/shell/shellCss';

/**
 * Chakra's default theme with only the multipart recipes the console's components use
 * (`defaultConfig` carries all ~60 of them, a tenth of the first screen's JS). A component whose
 * recipe is missing renders unstyled: theme.test.ts checks every Chakra component imported under
 * src/ against this list.
 */
export const slotRecipes = {
  accordion: accordionSlotRecipe,
  alert: alertSlotRecipe,
  card: cardSlotRecipe,
  checkbox: checkboxSlotRecipe,
  collapsible: collapsibleSlotRecipe,
  dataList: dataListSlotRecipe,
  dialog: dialogSlotRecipe,
  drawer: drawerSlotRecipe,
  emptyState: emptyStateSlotRecipe,
  field: fieldSlotRecipe,
  fieldset: fieldsetSlotRecipe,
  list: listSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  radioGroup: radioGroupSlotRecipe,
  stat: statSlotRecipe,
  switch: switchSlotRecipe,
  table: tableSlotRecipe,
  tabs: tabsSlotRecipe,
  toast: toastSlotRecipe,
};

const themeConfig = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    recipes,
    slotRecipes,
    textStyles,
    layerStyles,
    animationStyles,
  },
});

// Primary #60A694 and accent #FF7C5D (spec §1). Both are mid-tones: white text on them fails
// WCAG AA (2.8:1 and 2.6:1), so their `contrast` token is a dark shade of the same hue (> 5:1),
// and text in the primary hue on white uses the darker `fg` shade (5.6:1).
const palette = (shades: Record<string, string>) =>
  Object.fromEntries(Object.entries(shades).map(([key, value]) => [key, { value }]));

const paletteTokens = (name: string) => ({
  solid: { value: `{colors.${name}.500}` },
  contrast: { value: `{colors.${name}.950}` },
  fg: { value: `{colors.${name}.700}` },
  muted: { value: `{colors.${name}.100}` },
  subtle: { value: `{colors.${name}.50}` },
  emphasized: { value: `{colors.${name}.200}` },
  focusRing: { value: `{colors.${name}.600}` },
});

const config = defineConfig({
  globalCss: {
    html: { colorPalette: 'brand' },
    body: { bg: 'bg.subtle' },
    '*:focus-visible': { outlineColor: 'brand.600' },
    // A read-only field must not look editable: muted background, no text cursor.
    'input[readonly], textarea[readonly]': {
      bg: 'bg.muted !important',
      borderStyle: 'dashed !important',
      cursor: 'default',
    },
    // The board tile: one set of rules for all its plain elements (a board draws many).
    ...tileGlobalCss,
    // The header (shown on every screen): the same, for its plain elements.
    ...shellGlobalCss,
  },
  theme: {
    tokens: {
      colors: {
        brand: palette({
          50: '#EEF6F4',
          100: '#D5EAE4',
          200: '#B0D6CC',
          300: '#8BC2B3',
          400: '#74B3A2',
          500: '#60A694',
          600: '#4E8E7D',
          700: '#3D7163',
          800: '#2D554A',
          900: '#1E3A32',
          950: '#10221D',
        }),
        accent: palette({
          50: '#FFF2EE',
          100: '#FFDDD3',
          200: '#FFBCA9',
          300: '#FFA089',
          400: '#FF8E72',
          500: '#FF7C5D',
          600: '#E5603F',
          700: '#BF4A2D',
          800: '#8F3722',
          900: '#5F2416',
          950: '#3A160D',
        }),
      },
    },
    semanticTokens: {
      colors: {
        brand: paletteTokens('brand'),
        accent: paletteTokens('accent'),
        // Chakra's red.500 error text is 3.8:1 on white; red.700 reaches 6.5:1 (WCAG AA).
        fg: { error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.300}' } } },
      },
    },
  },
});

export const system = createSystem(mergeConfigs(defaultBaseConfig, themeConfig), config);
