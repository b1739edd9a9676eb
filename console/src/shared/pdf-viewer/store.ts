import { create } from 'zustand';
import type { QueryValue } from '../api/client';

/** A file of the API to show: fetched with the session's token when the viewer opens. */
export type ViewerSource = {
  path: string;
  query?: Record<string, QueryValue>;
  /** The title of the overlay (the document's name). */
  title: string;
};

type PdfViewerState = {
  source: ViewerSource | null;
  open: (source: ViewerSource) => void;
  close: () => void;
};

/** The global overlay viewer of PDFs and images (spec §2 "Layouts and shell", §7). */
export const usePdfViewer = create<PdfViewerState>()((set) => ({
  source: null,
  open: (source) => set({ source }),
  close: () => set({ source: null }),
}));

/** Opens a file of the API in the global viewer. */
export const openInViewer = (source: ViewerSource) => usePdfViewer.getState().open(source);
