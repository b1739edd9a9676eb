import type { DocumentPack, DocumentType } from '@reloc/domain';
import { create } from 'zustand';
import { openInViewer } from '../../shared/pdf-viewer/store';
import { notifyError } from '../../shared/ui/toaster';
import {
  createDocument,
  deleteDocument,
  documentFile,
  fetchDocuments,
  fetchReadiness,
  mergeDocuments,
  putFolderPack,
  putOverride,
  uploadDocumentFile,
} from './api';
import { uploadFailureMessage, uploadTypeError } from './files';
import type { DocumentDto, Readiness } from './types';

export type DocumentsStatus = 'idle' | 'loading' | 'ready' | 'error';

type DocumentsState = {
  projectId: string | null;
  documents: DocumentDto[];
  status: DocumentsStatus;
  readiness: Readiness | null;
  readinessLoading: boolean;
  /** 'Sélectionner': checkboxes on the documents, for 'Fusionner'. */
  selecting: boolean;
  selected: string[];
  merging: boolean;
  /** §8 "Merge, folder, document and signature failures: set an error flag". */
  failed: boolean;

  load: (projectId: string, quiet?: boolean) => Promise<void>;
  loadReadiness: () => Promise<void>;
  /** Sends the files one by one; answers the message to show beside the slot, or null. */
  upload: (docId: string, files: File[]) => Promise<string | null>;
  removeFile: (docId: string, fileId: string) => Promise<boolean>;
  removeDocument: (docId: string) => Promise<boolean>;
  addFolder: (name: string) => Promise<boolean>;
  addFile: (folderId: string, name: string, documentType: DocumentType | null) => Promise<boolean>;
  setPack: (folderId: string, pack: DocumentPack) => Promise<boolean>;
  setOverride: (override: boolean) => Promise<boolean>;
  toggleSelecting: () => void;
  toggleSelected: (docId: string) => void;
  /** POST _merge with the selection, then the new document in the viewer. */
  merge: () => Promise<boolean>;
  reset: () => void;
};

const empty = {
  projectId: null,
  documents: [],
  status: 'idle' as DocumentsStatus,
  readiness: null,
  readinessLoading: false,
  selecting: false,
  selected: [],
  merging: false,
  failed: false,
};

/** The documents of the open project page (tab 4 'Documents'). */
export const useDocumentsStore = create<DocumentsState>()((set, get) => {
  /** Runs a change; on success re-reads the list and the readiness, on failure the snackbar. */
  const change = async (run: (projectId: string) => Promise<unknown>): Promise<boolean> => {
    const projectId = get().projectId;
    if (!projectId) return false;
    try {
      await run(projectId);
      if (get().projectId !== projectId) return true;
      set({ failed: false });
      await get().load(projectId, true);
      return true;
    } catch (error) {
      if (get().projectId === projectId) set({ failed: true });
      notifyError(error);
      return false;
    }
  };

  return {
    ...empty,

    load: async (projectId, quiet = false) => {
      if (get().projectId !== projectId) set({ ...empty, projectId, status: 'loading' });
      else if (!quiet) set({ status: 'loading' });
      void get().loadReadiness();
      try {
        const documents = await fetchDocuments(projectId);
        if (get().projectId !== projectId) return;
        const ids = new Set(documents.map((d) => d._id));
        set({
          documents,
          status: 'ready',
          selected: get().selected.filter((id) => ids.has(id)),
        });
      } catch (error) {
        if (get().projectId !== projectId) return;
        if (!quiet || get().status !== 'ready') set({ status: 'error' });
        notifyError(error);
      }
    },

    loadReadiness: async () => {
      const projectId = get().projectId;
      if (!projectId) return;
      set({ readinessLoading: true });
      try {
        const readiness = await fetchReadiness(projectId);
        if (get().projectId === projectId) set({ readiness, readinessLoading: false });
      } catch (error) {
        if (get().projectId === projectId) set({ readinessLoading: false });
        notifyError(error);
      }
    },

    upload: async (docId, files) => {
      const projectId = get().projectId;
      if (!projectId || files.length === 0) return null;
      const wrong = files.map(uploadTypeError).find(Boolean);
      if (wrong) return wrong;
      let message: string | null = null;
      let sent = 0;
      for (const file of files) {
        try {
          const answer = await uploadDocumentFile(projectId, docId, file);
          sent += 1;
          if (get().projectId === projectId && answer?._id)
            set({ documents: get().documents.map((d) => (d._id === answer._id ? answer : d)) });
        } catch (error) {
          message = uploadFailureMessage(error);
          if (!message) notifyError(error);
          break;
        }
      }
      if (sent > 0 && get().projectId === projectId) void get().load(projectId, true);
      return message;
    },

    removeFile: (docId, fileId) =>
      change((projectId) => deleteDocument(projectId, docId, { fileOnly: true, fileId })),

    removeDocument: (docId) =>
      change((projectId) => deleteDocument(projectId, docId, { fileOnly: false })),

    addFolder: (name) => change((projectId) => createDocument(projectId, { type: 'folder', name })),

    addFile: (folderId, name, documentType) =>
      change((projectId) =>
        createDocument(projectId, { type: 'file', name, folderId, documentType }),
      ),

    setPack: (folderId, pack) => change((projectId) => putFolderPack(projectId, folderId, pack)),

    setOverride: async (override) => {
      const projectId = get().projectId;
      if (!projectId) return false;
      try {
        const readiness = await putOverride(projectId, override);
        if (get().projectId === projectId) set({ readiness });
        return true;
      } catch (error) {
        notifyError(error);
        return false;
      }
    },

    toggleSelecting: () => set({ selecting: !get().selecting, selected: [] }),

    toggleSelected: (docId) => {
      const selected = get().selected;
      set({
        selected: selected.includes(docId)
          ? selected.filter((id) => id !== docId)
          : [...selected, docId],
      });
    },

    merge: async () => {
      const { projectId, selected } = get();
      if (!projectId || selected.length < 2) return false;
      set({ merging: true });
      try {
        const merged = await mergeDocuments(projectId, selected);
        if (get().projectId !== projectId) return true;
        set({ merging: false, selecting: false, selected: [], failed: false });
        const { path, query } = documentFile(projectId, merged._id);
        openInViewer({ path, query, title: merged.title });
        void get().load(projectId, true);
        return true;
      } catch (error) {
        if (get().projectId === projectId) set({ merging: false, failed: true });
        notifyError(error);
        return false;
      }
    },

    reset: () => set(empty),
  };
});

/** The banner's status: 'loading' until the first answer. */
export const selectReadinessStatus = (state: DocumentsState) =>
  state.readiness ? state.readiness.status : 'loading';
