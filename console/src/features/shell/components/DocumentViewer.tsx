import { Button, CloseButton, Dialog, HStack, Image, Portal, Text } from '@chakra-ui/react';
import { useDocumentViewer } from '../documentViewer';

/** The global overlay document viewer: previous page, next page, close (spec §2). */
export function DocumentViewer() {
  const { pages, index, isOpen, next, previous, close } = useDocumentViewer();
  const page = pages[index];
  return (
    <Dialog.Root
      open={isOpen && page !== undefined}
      onOpenChange={(details) => (details.open ? undefined : close())}
      size="full"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>
                {page?.label ?? 'Document'} — page {index + 1} / {pages.length}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body display="flex" justifyContent="center">
              {page ? (
                <Image src={page.url} alt={`Page ${index + 1}`} maxH="80vh" objectFit="contain" />
              ) : (
                <Text>Aucun document</Text>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <HStack>
                <Button variant="outline" onClick={previous} disabled={index === 0}>
                  Page précédente
                </Button>
                <Button variant="outline" onClick={next} disabled={index >= pages.length - 1}>
                  Page suivante
                </Button>
              </HStack>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton aria-label="Fermer" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
