import type { PDFFont } from 'pdf-lib';

/** Characters a standard font lacks, written the way a French reader expects. */
const REPLACEMENTS: Record<string, string> = {
  '\u202f': ' ', // narrow no-break space (French number and date formats)
  '\u2009': ' ',
  '\u2002': ' ',
  '\u2003': ' ',
  '\u2007': ' ',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2015': '-',
  '\u2212': '-',
  '\u2032': "'",
  '\u2033': '"',
  '\u2192': '->',
  '\u2190': '<-',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2260': '!=',
  '\u221e': 'infini',
  '\u2713': 'v',
  '\u2714': 'v',
};

/**
 * Text the font can encode: the standard PDF fonts speak WinAnsi only, and pdf-lib throws on
 * anything else. Accents, €, œ and typographic quotes are kept; other characters become
 * their unaccented letter, a close ASCII form, or '?', never a crash.
 */
export function pdfSafeText(text: string, font: PDFFont): string {
  const supported = new Set(font.getCharacterSet());
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) as number;
    if (char === '\n' || char === '\t') {
      out += ' ';
      continue;
    }
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) continue;
    if (supported.has(code)) {
      out += char;
      continue;
    }
    const replaced = REPLACEMENTS[char];
    if (replaced !== undefined) {
      out += replaced;
      continue;
    }
    // 'ą' → 'a', 'ł' stays unknown: the base letter when the decomposition has one.
    const base = char.normalize('NFD').replace(/\p{M}/gu, '');
    if (base && base !== char && [...base].every((c) => supported.has(c.codePointAt(0) as number)))
      out += base;
    else if (/\p{M}/u.test(char)) continue;
    else out += '?';
  }
  return out;
}
