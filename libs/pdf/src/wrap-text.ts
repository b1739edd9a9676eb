/** Line widths of the PDF exports (spec §5 "Exports"): descriptions 120, client text 100. */
export const DESCRIPTION_WIDTH = 120;
export const CLIENT_TEXT_WIDTH = 100;
/** A page break every 5 property descriptions (§9). */
export const DESCRIPTIONS_PER_PAGE = 5;

/**
 * Wraps text on word boundaries to lines of at most `width` characters; a word longer
 * than a line is cut. Line breaks in the text are kept; control characters are dropped
 * so a PDF text operator never receives them.
 */
export function wrapText(text: string, width: number): string[] {
  if (width < 1) throw new RangeError('width must be at least 1');
  // eslint-disable-next-line no-control-regex -- dropping control characters is the point
  const clean = text.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, ' ');
  const lines: string[] = [];
  for (const paragraph of clean.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      let rest = word;
      while (rest.length > width) {
        if (line) {
          lines.push(line);
          line = '';
        }
        lines.push(rest.slice(0, width));
        rest = rest.slice(width);
      }
      if (!line) line = rest;
      else if (line.length + 1 + rest.length <= width) line += ` ${rest}`;
      else {
        lines.push(line);
        line = rest;
      }
    }
    lines.push(line);
  }
  return lines;
}
