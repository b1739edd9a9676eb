import { IconButton } from '@chakra-ui/react';
import { useState } from 'react';
import { lazyDialog } from '../../../../shared/ui/lazyPart';
import type { SidePanelProps } from './SidePanel';

const SidePanelDrawer = lazyDialog(
  () => import('./SidePanelDrawer'),
  (m) => m.SidePanelDrawer,
  (props) => props.open,
);

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
      <SidePanelDrawer {...props} open={open} onOpenChange={setOpen} />
    </>
  );
}
