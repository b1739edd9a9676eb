/**
 * The board tile's styles, as Chakra style props put once in the theme's global CSS (app/theme.ts)
 * instead of on each of its elements: a board draws many tiles, and a plain element with a class
 * costs no style work per render. They are the props the tile had as Chakra components (Box,
 * Stack, HStack, Text, Badge with the badge recipe's base, variant and size), with the same
 * tokens, so the tile looks the same. No import here: the theme stays free of the board's code.
 */

/** The Badge recipe's base, and its `sm` size (Chakra's default, the size the tile used). */
const badge = {
  display: 'inline-flex',
  alignItems: 'center',
  borderRadius: 'l2',
  gap: '1',
  fontWeight: 'medium',
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
  userSelect: 'none',
  textStyle: 'xs',
  px: '1.5',
  minH: '5',
} as const;

const row = { display: 'flex', flexDirection: 'row', alignItems: 'center' } as const;

export const TILE_CLASSES = {
  tile: 'reloc-tile',
  body: 'reloc-tile-body',
  head: 'reloc-tile-head',
  name: 'reloc-tile-name',
  badges: 'reloc-tile-badges',
  company: 'reloc-tile-company',
  tags: 'reloc-tile-tags',
  foot: 'reloc-tile-foot',
  alert: 'reloc-badge reloc-badge-alert',
  stopped: 'reloc-badge reloc-badge-stopped',
  tag: 'reloc-badge reloc-badge-tag',
} as const;

/** The column's frame (BoardColumn): its own elements, around the tiles. */
export const COLUMN_CLASSES = {
  column: 'reloc-column',
  head: 'reloc-column-head',
  title: 'reloc-column-title',
  count: 'reloc-badge reloc-badge-count',
  scroller: 'reloc-column-scroller',
  rows: 'reloc-column-rows',
} as const;

export const tileGlobalCss = {
  // Box as="section" display={{ base: 'flex', md: 'flex' }} flexDirection="column"
  // flex={{ base: '1 1 100%', md: '1 0 240px' }} maxW={{ md: '360px' }} minW="0"
  // maxH="calc(100dvh - 220px)" bg="bg.muted" borderRadius="l3" p="2"
  '.reloc-column': {
    display: 'flex',
    flexDirection: 'column',
    flex: { base: '1 1 100%', md: '1 0 240px' },
    maxW: { md: '360px' },
    minW: '0',
    maxH: 'calc(100dvh - 220px)',
    bg: 'bg.muted',
    borderRadius: 'l3',
    p: '2',
  },
  // display={{ base: 'none', md: 'flex' }}: the columns but the shown one, on a small screen
  '.reloc-column[data-hidden-small]': { display: { base: 'none', md: 'flex' } },
  // bg="brand.subtle" while a tile is dragged over it
  '.reloc-column[data-drop-over]': { bg: 'brand.subtle' },
  // HStack justify="space-between" px="1" pb="2"
  '.reloc-column-head': {
    ...row,
    gap: '0.5rem',
    justifyContent: 'space-between',
    px: '1',
    pb: '2',
  },
  // Heading as="h2" size="sm" lineClamp={1} (the heading recipe's base and `sm` size)
  '.reloc-column-title': {
    fontFamily: 'heading',
    fontWeight: 'semibold',
    textStyle: 'sm',
    lineClamp: 1,
  },
  // Badge variant="solid" (the inherited palette)
  '.reloc-badge-count': { bg: 'colorPalette.solid', color: 'colorPalette.contrast' },
  // Box overflowY="auto" flex="1" minH="24" pb="2"
  '.reloc-column-scroller': { overflowY: 'auto', flex: '1', minH: '24', pb: '2' },
  // Box position="relative" (its height set inline)
  '.reloc-column-rows': { position: 'relative' },

  '.reloc-tile': {
    position: 'absolute',
    insetInline: '0',
    overflow: 'hidden',
    bg: 'bg',
    borderWidth: '1px',
    borderRadius: 'l2',
    p: '3',
    cursor: 'grab',
    opacity: 1,
  },
  '.reloc-tile[data-dragging]': { opacity: 0.4 },
  '.reloc-tile[data-over]': { borderTopWidth: '3px', borderTopColor: 'brand.solid' },
  // Stack gap="1" fontSize="sm"
  '.reloc-tile-body': { display: 'flex', flexDirection: 'column', gap: '1', fontSize: 'sm' },
  // HStack justify="space-between" align="start" gap="2"
  '.reloc-tile-head': { ...row, justifyContent: 'space-between', alignItems: 'start', gap: '2' },
  // Text fontWeight="semibold" lineClamp={1}
  '.reloc-tile-name': { fontWeight: 'semibold', lineClamp: 1 },
  // HStack gap="1" flexShrink={0}
  '.reloc-tile-badges': { ...row, gap: '1', flexShrink: 0 },
  // Text color="fg.muted" lineClamp={1}
  '.reloc-tile-company': { color: 'fg.muted', lineClamp: 1 },
  // HStack gap="1" minH="5" overflow="hidden"
  '.reloc-tile-tags': { ...row, gap: '1', minH: '5', overflow: 'hidden' },
  // HStack justify="space-between" color="fg.muted" fontSize="xs"
  '.reloc-tile-foot': {
    ...row,
    gap: '2',
    justifyContent: 'space-between',
    color: 'fg.muted',
    fontSize: 'xs',
  },
  '.reloc-badge': badge,
  // Badge colorPalette="accent" variant="solid"
  '.reloc-badge-alert': {
    colorPalette: 'accent',
    bg: 'colorPalette.solid',
    color: 'colorPalette.contrast',
  },
  // Badge colorPalette="gray" (variant subtle)
  '.reloc-badge-stopped': {
    colorPalette: 'gray',
    bg: 'colorPalette.subtle',
    color: 'colorPalette.fg',
  },
  // Badge size="sm" variant="subtle" (the inherited palette)
  '.reloc-badge-tag': { bg: 'colorPalette.subtle', color: 'colorPalette.fg' },
} as const;
