import { CloseButton, Drawer, IconButton, Portal } from '@chakra-ui/react';
import { useState } from 'react';
import { SidePanel, type SidePanelProps } from './SidePanel';

/** On small screens the side panel opens from a chat button. */
export function MobilePanelButton(props: SidePanelProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <IconButton
        aria-label="Commentaires et chronologie"
        display={{ base: 'inline-flex', lg: 'none' }}
        position="fixed"
        right="4"
        bottom="4"
        size="xl"
        borderRadius="full"
        boxShadow="lg"
        zIndex="docked"
        onClick={() => setOpen(true)}
      >
        <svg
          width="1.5em"
          height="1.5em"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden
        >
          <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
        </svg>
      </IconButton>
      <Drawer.Root open={open} onOpenChange={(details) => setOpen(details.open)} size="md">
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content>
              <Drawer.Header>
                <Drawer.Title>Commentaires et chronologie</Drawer.Title>
              </Drawer.Header>
              <Drawer.Body>{open ? <SidePanel {...props} /> : null}</Drawer.Body>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Fermer" />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
    </>
  );
}
