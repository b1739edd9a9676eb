import { Button, EmptyState as ChakraEmptyState, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** An empty or not-yet-available area: a title, a sentence, optional actions. */
export function EmptyState({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children?: ReactNode;
}) {
  return (
    <ChakraEmptyState.Root>
      <ChakraEmptyState.Content>
        <VStack textAlign="center">
          <ChakraEmptyState.Title>{title}</ChakraEmptyState.Title>
          {description ? (
            <ChakraEmptyState.Description>{description}</ChakraEmptyState.Description>
          ) : null}
        </VStack>
        {children}
      </ChakraEmptyState.Content>
    </ChakraEmptyState.Root>
  );
}

/** A list or page that could not be loaded: 'Une erreur a eu lieu', what failed, 'Réessayer'. */
export function LoadFailedState({
  description,
  onRetry,
  size = 'sm',
}: {
  description: string;
  onRetry: () => void;
  size?: 'sm' | 'md';
}) {
  return (
    <EmptyState title="Une erreur a eu lieu" description={description}>
      <Button size={size} onClick={onRetry}>
        Réessayer
      </Button>
    </EmptyState>
  );
}
