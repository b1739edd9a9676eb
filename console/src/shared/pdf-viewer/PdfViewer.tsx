import {
  Box,
  Button,
  chakra,
  CloseButton,
  Dialog,
  HStack,
  Image,
  Portal,
  Text,
} from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { ApiError } from '../api/client';
import { fetchFileBlob } from '../api/download';
import { LoadingState } from '../ui/LoadingState';
import { countPdfPages } from './pageCount';
import { usePdfViewer, type ViewerSource } from './store';

type Loaded =
  | { phase: 'loading' }
  | { phase: 'error'; message: string }
  | { phase: 'ready'; url: string; kind: 'pdf' | 'image'; pages: number | null; name: string };

/** Fetches the source as a blob with the token; answers its object URL and page count. */
function useViewerFile(source: ViewerSource | null): Loaded {
  const [state, setState] = useState<{ for: ViewerSource | null; loaded: Loaded }>({
    for: null,
    loaded: { phase: 'loading' },
  });
  // What was read for another source (the previous document) is never shown.
  const loaded: Loaded = state.for === source ? state.loaded : { phase: 'loading' };
  useEffect(() => {
    if (!source) return;
    let cancelled = false;
    let url: string | null = null;
    const setLoaded = (next: Loaded) => setState({ for: source, loaded: next });
    (async () => {
      try {
        const { blob, name } = await fetchFileBlob(source.path, source.title, source.query);
        const kind = blob.type.startsWith('image/') ? 'image' : 'pdf';
        const pages = kind === 'pdf' ? await countPdfPages(await blob.arrayBuffer()) : 1;
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setLoaded({ phase: 'ready', url, kind, pages, name });
      } catch (error) {
        if (cancelled) return;
        const message =
          error instanceof ApiError && error.status === 404
            ? 'Ce document est introuvable.'
            : 'Le document n’a pas pu être chargé.';
        setLoaded({ phase: 'error', message });
      }
    })();
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [source]);
  return loaded;
}

/**
 * The global overlay document viewer (spec §2): previous page, next page, close. The file is
 * read with the Authorization header (the client's token) as a blob; a PDF is shown by the
 * browser in an iframe at `#page=N`, an image as an image. Escape and 'Fermer' close it; the
 * Chakra dialog traps the focus.
 */
export function PdfViewer() {
  const source = usePdfViewer((state) => state.source);
  const close = usePdfViewer((state) => state.close);
  const loaded = useViewerFile(source);
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [source]);

  const pages = loaded.phase === 'ready' ? loaded.pages : null;
  const last = pages ?? 1;
  const canPage = loaded.phase === 'ready' && loaded.kind === 'pdf';

  return (
    <Dialog.Root
      open={source !== null}
      onOpenChange={(details) => (details.open ? undefined : close())}
      size="full"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="pdf-viewer" data-pages={pages ?? undefined}>
            <Dialog.Header>
              <Dialog.Title>{source?.title ?? 'Document'}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body display="flex" flexDirection="column" minH="0">
              {loaded.phase === 'loading' ? (
                <LoadingState label="Chargement du document…" />
              ) : loaded.phase === 'error' ? (
                <Text role="alert" color="fg.error" py="8" textAlign="center">
                  {loaded.message}
                </Text>
              ) : loaded.kind === 'image' ? (
                <Box display="flex" justifyContent="center">
                  <Image
                    src={loaded.url}
                    alt={source?.title || loaded.name}
                    maxH="80vh"
                    objectFit="contain"
                  />
                </Box>
              ) : (
                <chakra.iframe
                  // A new frame per page: the browser's PDF viewer reads #page=N when it loads.
                  key={page}
                  src={`${loaded.url}#page=${page}`}
                  // The file's name as the page shows it, not the stored file's (an id).
                  title={`${source?.title || loaded.name}, page ${page}`}
                  flex="1"
                  w="100%"
                  minH="75vh"
                  borderWidth="1px"
                  borderRadius="l2"
                  data-testid="pdf-viewer-frame"
                />
              )}
            </Dialog.Body>
            <Dialog.Footer justifyContent="space-between">
              <Text aria-live="polite" data-testid="pdf-viewer-page">
                {canPage ? `Page ${page}${pages ? ` / ${pages}` : ''}` : ''}
              </Text>
              <HStack>
                <Button
                  variant="outline"
                  onClick={() => setPage((p) => Math.max(1, p - 1))}
                  disabled={!canPage || page <= 1}
                >
                  Page précédente
                </Button>
                <Button
                  variant="outline"
                  onClick={() => setPage((p) => (pages ? Math.min(last, p + 1) : p + 1))}
                  disabled={!canPage || (pages !== null && page >= last)}
                >
                  Page suivante
                </Button>
                <Button onClick={close}>Fermer</Button>
              </HStack>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton aria-label="Fermer le document" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
