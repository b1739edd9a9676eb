import { useEffect, useState } from 'react';
import { fetchActiveFiles } from '../api';
import type { FileChoice } from '../types';

/** The active files for the add-to-file autocomplete; a failure is only logged (spec §8). */
export function useActiveFiles() {
  const [files, setFiles] = useState<FileChoice[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    fetchActiveFiles(controller.signal).then(setFiles, (error: unknown) => {
      if (controller.signal.aborted) return;
      console.error('Chargement des dossiers impossible', error);
      setFailed(true);
      setFiles([]);
    });
    return () => controller.abort();
  }, []);

  return { files, failed };
}
