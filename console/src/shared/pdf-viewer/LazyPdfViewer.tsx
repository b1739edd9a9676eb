import { useEffect, useState } from 'react';
import { lazyPart, prefetch, whenIdle } from '../ui/lazyPart';
import { usePdfViewer } from './store';

const PdfViewer = lazyPart(
  () => import('./PdfViewer'),
  (m) => m.PdfViewer,
);

/**
 * The global viewer, its code (a dialog and its focus trap) fetched once the browser is idle or
 * when a document is first opened; mounted from then on, so it closes as it always did.
 */
export function LazyPdfViewer() {
  const opened = usePdfViewer((state) => state.source !== null);
  const [mounted, setMounted] = useState(opened);
  if (opened && !mounted) setMounted(true);
  useEffect(() => whenIdle(() => prefetch(PdfViewer)), []);
  return mounted ? <PdfViewer /> : null;
}
