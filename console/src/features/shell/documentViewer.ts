import { create } from 'zustand';

export type DocumentPage = { url: string; label?: string };

type DocumentViewerState = {
  pages: DocumentPage[];
  index: number;
  isOpen: boolean;
  open: (pages: DocumentPage[], index?: number) => void;
  next: () => void;
  previous: () => void;
  close: () => void;
};

/** The global overlay document viewer (spec §2): any screen opens it with a list of pages. */
export const useDocumentViewer = create<DocumentViewerState>()((set) => ({
  pages: [],
  index: 0,
  isOpen: false,
  open: (pages, index = 0) =>
    set({
      pages,
      index: Math.min(Math.max(index, 0), Math.max(pages.length - 1, 0)),
      isOpen: true,
    }),
  next: () => set((state) => ({ index: Math.min(state.index + 1, state.pages.length - 1) })),
  previous: () => set((state) => ({ index: Math.max(state.index - 1, 0) })),
  close: () => set({ isOpen: false, pages: [], index: 0 }),
}));
