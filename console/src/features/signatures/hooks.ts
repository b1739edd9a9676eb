import { useCallback, useEffect, useState } from 'react';
import { notifyError } from '../../shared/ui/toaster';
import { fetchSignatures, fetchTemplates } from './api';
import type { SignatureDto, SignatureTemplateDto } from './types';

export type LoadStatus = 'loading' | 'ready' | 'error';

/** The project's signature requests and the templates, re-read on demand. */
export function useSignatures(projectId: string) {
  const [signatures, setSignatures] = useState<SignatureDto[]>([]);
  const [templates, setTemplates] = useState<SignatureTemplateDto[]>([]);
  const [status, setStatus] = useState<LoadStatus>('loading');

  const reload = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const [list, all] = await Promise.all([
          fetchSignatures(projectId, signal),
          fetchTemplates(signal),
        ]);
        if (signal?.aborted) return;
        setSignatures(list);
        setTemplates(all);
        setStatus('ready');
      } catch (error) {
        if (signal?.aborted) return;
        setStatus((current) => (current === 'ready' ? current : 'error'));
        notifyError(error);
      }
    },
    [projectId],
  );

  useEffect(() => {
    const controller = new AbortController();
    setStatus('loading');
    void reload(controller.signal);
    return () => controller.abort();
  }, [reload]);

  return { signatures, setSignatures, templates, status, reload };
}

/** The templates table of the admin page. */
export function useTemplates() {
  const [templates, setTemplates] = useState<SignatureTemplateDto[]>([]);
  const [status, setStatus] = useState<LoadStatus>('loading');

  const reload = useCallback(async (signal?: AbortSignal) => {
    try {
      const all = await fetchTemplates(signal);
      if (signal?.aborted) return;
      setTemplates(all);
      setStatus('ready');
    } catch (error) {
      if (signal?.aborted) return;
      setStatus((current) => (current === 'ready' ? current : 'error'));
      notifyError(error);
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void reload(controller.signal);
    return () => controller.abort();
  }, [reload]);

  return { templates, setTemplates, status, reload };
}
