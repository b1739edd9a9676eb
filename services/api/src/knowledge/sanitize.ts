import sanitizeHtml from 'sanitize-html';

/** Images of the knowledge base come only from our own cache (§3 "Host": /v1/cache/image/). */
const OWN_IMAGE = /^\/v1\/cache\/image\/[0-9a-f]{24}(\.png)?$/;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'div',
    'span',
    'blockquote',
    'pre',
    'code',
    'ul',
    'ol',
    'li',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'a',
    'img',
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  // No javascript:, data: or vbscript: anywhere; relative links stay.
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  // script, style, textarea… go with their content; other unknown tags keep their text.
  disallowedTagsMode: 'discard',
  exclusiveFilter: (frame) =>
    frame.tag === 'img' && !OWN_IMAGE.test(String(frame.attribs.src ?? '')),
  transformTags: {
    a: (tagName, attribs) => {
      const out = { ...attribs };
      if (out.target && out.target !== '_blank') delete out.target;
      if (out.target === '_blank') out.rel = 'noopener noreferrer';
      return { tagName, attribs: out };
    },
  },
};

/**
 * The rich HTML of a knowledge article as stored and served: headings, lists, links with a
 * safe href, emphasis, tables and our own images; never script, style, on* handlers or
 * javascript: URLs. Applied on the server to every write, whatever the client sent.
 */
export function sanitizeKbHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
