import type { SystemStyleObject } from '@chakra-ui/react';

/** How an article's HTML reads (Chakra resets headings and lists): shown and edited alike. */
export const KB_CONTENT_STYLE: SystemStyleObject = {
  '& h1, & h2': { fontSize: 'xl', fontWeight: 'semibold', mt: '4', mb: '2' },
  '& h3, & h4, & h5, & h6': { fontSize: 'lg', fontWeight: 'semibold', mt: '3', mb: '1' },
  '& p': { my: '2' },
  '& ul': { ps: '6', listStyleType: 'disc', my: '2' },
  '& ol': { ps: '6', listStyleType: 'decimal', my: '2' },
  '& a': { color: 'brand.fg', textDecoration: 'underline' },
  '& blockquote': { borderStartWidth: '3px', ps: '3', color: 'fg.muted' },
  '& table': { borderCollapse: 'collapse', my: '2' },
  '& th, & td': { borderWidth: '1px', px: '2', py: '1', textAlign: 'start' },
  '& img': { maxW: '100%', borderRadius: 'l2' },
  '& pre, & code': { fontFamily: 'mono', fontSize: 'sm', bg: 'bg.muted', px: '1' },
};
