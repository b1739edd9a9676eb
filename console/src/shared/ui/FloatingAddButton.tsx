import { IconButton } from '@chakra-ui/react';

/** The round '+' button fixed at the bottom right of a list page, which opens its add dialog. */
export function FloatingAddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <IconButton
      aria-label={label}
      position="fixed"
      right={{ base: '4', md: '8' }}
      bottom={{ base: '4', md: '8' }}
      size="xl"
      borderRadius="full"
      boxShadow="lg"
      zIndex="docked"
      onClick={onClick}
    >
      <span aria-hidden style={{ fontSize: '1.75rem', lineHeight: 1 }}>
        +
      </span>
    </IconButton>
  );
}
