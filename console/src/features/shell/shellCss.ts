/**
 * The header's styles (AppHeader, TopTabs), as Chakra style props put once in the theme's
 * global CSS (app/theme.ts, precomputed in app/chakra-global.css) instead of on each element:
 * the header shows on every screen before the page, and a plain element with a class costs no
 * style work at start-up. They are the props these elements had as Chakra Box / Flex / Text,
 * with the same tokens, so the header looks the same. No import here: the theme stays free of
 * the shell's code.
 */
export const SHELL_CLASSES = {
  header: 'reloc-header',
  bar: 'reloc-header-bar',
  home: 'reloc-header-home',
  user: 'reloc-header-user',
  nav: 'reloc-tabs',
  list: 'reloc-tabs-list',
  item: 'reloc-tabs-item',
  tab: 'reloc-tab',
} as const;

const focusRing = { outline: '2px solid', outlineColor: 'brand.focusRing' } as const;

export const shellGlobalCss = {
  // Box as="header"
  '.reloc-header': {
    bg: 'bg',
    borderBottomWidth: '1px',
    borderColor: 'border',
    borderTopWidth: '4px',
    borderTopColor: 'brand.solid',
    position: 'sticky',
    top: '0',
    zIndex: 'sticky',
  },
  // Flex align="center"
  '.reloc-header-bar': {
    display: 'flex',
    alignItems: 'center',
    gap: { base: '2', md: '4' },
    px: { base: '2', md: '4' },
  },
  // Box asChild (a Link)
  '.reloc-header-home': {
    fontWeight: 'bold',
    fontSize: 'xl',
    color: 'brand.fg',
    textDecoration: 'none',
    flexShrink: 0,
    _focusVisible: focusRing,
  },
  // Text
  '.reloc-header-user': {
    display: { base: 'none', lg: 'block' },
    color: 'fg.muted',
    fontSize: 'sm',
    flexShrink: 0,
  },
  // Box as="nav"
  '.reloc-tabs': { overflowX: 'auto', flex: '1', minW: '0' },
  // Flex as="ul"
  '.reloc-tabs-list': { display: 'flex', listStyleType: 'none', gap: '1', m: '0', p: '0' },
  // Box as="li"
  '.reloc-tabs-item': { flexShrink: 0 },
  // Box asChild (a Link)
  '.reloc-tab': {
    display: 'block',
    px: '3',
    py: '3',
    fontWeight: 'medium',
    color: 'fg.muted',
    borderBottomWidth: '3px',
    borderColor: 'transparent',
    textDecoration: 'none',
    whiteSpace: 'nowrap',
    _hover: { color: 'brand.fg', bg: 'brand.subtle' },
    _currentPage: { color: 'brand.fg', borderColor: 'brand.solid', fontWeight: 'semibold' },
    _focusVisible: { ...focusRing, outlineOffset: '-2px' },
  },
} as const;
