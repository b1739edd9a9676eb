import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import { SidePanel, type SidePanelProps } from './SidePanel';

/** The side panel in a drawer, on small screens (opened by MobilePanelButton). */
export function SidePanelDrawer({
  open,
  onOpenChange,
  ...props
}: SidePanelProps & { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Drawer.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} size="md">
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
  );
}
