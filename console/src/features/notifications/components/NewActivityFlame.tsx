import { Box } from '@chakra-ui/react';

export const NEW_ACTIVITY_LABEL = 'Nouvelle activité';

/**
 * The unseen-activity flame of a prospect tile (§2 "Prospects page"): someone else commented,
 * attached a file or moved the prospect since the user last opened it. Named for screen readers.
 */
export function NewActivityFlame() {
  return (
    <Box
      as="span"
      role="img"
      aria-label={NEW_ACTIVITY_LABEL}
      title={NEW_ACTIVITY_LABEL}
      color="accent.solid"
      display="inline-flex"
      flexShrink={0}
      data-testid="prospect-flame"
    >
      <svg width="18" height="18" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
        <path d="M13.5 1.5s.8 2.9-1.4 5.7C10.3 9.5 7 11 7 15.2A5.2 5.2 0 0 0 12.2 20.5 5.6 5.6 0 0 0 18 14.8c0-3.1-1.6-5-2.6-6.3.1 1.6-.6 3-1.8 3.4.6-3.6-.1-7.8-.1-10.4Z" />
        <path
          d="M12.2 22.5A7.2 7.2 0 0 1 5 15.3c0-1 .2-2 .6-2.9.1 2.6 1.6 4.9 4.2 5.3-.6-1.7.2-3.7 1.6-4.9 0 1.9 1.4 2.7 2.4 3.9.6.7.9 1.5.9 2.4a2.6 2.6 0 0 1-2.5 3.4Z"
          opacity=".55"
        />
      </svg>
    </Box>
  );
}
