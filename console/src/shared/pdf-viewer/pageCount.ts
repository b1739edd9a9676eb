// Counting the pages of a PDF without a PDF library: the page objects are `/Type /Page`
// dictionaries, either in clear or inside compressed object streams (`/Type /ObjStm`, which
// pdf-lib writes by default), which are inflated with the browser's DecompressionStream.

const PAGE = /\/Type\s*\/Page(?![a-zA-Z])/g;

function latin1(bytes: Uint8Array): string {
  let text = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    text += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return text;
}

const countIn = (text: string) => text.match(PAGE)?.length ?? 0;

async function inflate(bytes: Uint8Array): Promise<Uint8Array | null> {
  if (typeof DecompressionStream === 'undefined') return null;
  try {
    const body = new Response(bytes as BodyInit).body;
    if (!body) return null;
    const stream = body.pipeThrough(new DecompressionStream('deflate'));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  } catch {
    return null;
  }
}

/** The object streams of the file: the bytes between `stream` and `endstream` of each. */
function objectStreams(text: string): { start: number; end: number }[] {
  const found: { start: number; end: number }[] = [];
  const header = /<<((?:(?!>>\s*stream)[\s\S])*?\/Type\s*\/ObjStm[\s\S]*?)>>\s*stream(\r\n|\n|\r)/g;
  for (let match = header.exec(text); match; match = header.exec(text)) {
    const start = match.index + match[0].length;
    const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(match[1]);
    const end = length ? start + Number(length[1]) : text.indexOf('endstream', start);
    if (end > start && /\/FlateDecode/.test(match[1])) found.push({ start, end });
    header.lastIndex = Math.max(start, end);
  }
  return found;
}

/** The number of pages of a PDF, or null when it cannot be told (not a PDF, unreadable). */
export async function countPdfPages(data: ArrayBuffer | Uint8Array): Promise<number | null> {
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  const text = latin1(bytes);
  if (!text.startsWith('%PDF')) return null;
  let pages = countIn(text);
  for (const { start, end } of objectStreams(text)) {
    const inflated = await inflate(bytes.subarray(start, end));
    if (inflated) pages += countIn(latin1(inflated));
  }
  return pages > 0 ? pages : null;
}
