import { HStack, IconButton, Text } from '@chakra-ui/react';
import { HOSTS_PAGE_SIZE } from '@reloc/domain';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';

type HostsPagerProps = {
  page: number;
  shown: number;
  total: number;
  onPage: (page: number) => void;
};

/** Previous / next over pages of 60, with 'x–y sur total'. */
export function HostsPager({ page, shown, total, onPage }: HostsPagerProps) {
  const first = (page - 1) * HOSTS_PAGE_SIZE;
  const range = shown > 0 ? `${first + 1}–${first + shown} sur ${total}` : `0 sur ${total}`;
  return (
    <HStack gap="2" justify="flex-end">
      <Text fontSize="sm" color="fg.muted" aria-live="polite" data-testid="hosts-range">
        {range}
      </Text>
      <IconButton
        aria-label="Page précédente"
        variant="outline"
        size="sm"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        <ChevronLeftIcon />
      </IconButton>
      <IconButton
        aria-label="Page suivante"
        variant="outline"
        size="sm"
        disabled={first + shown >= total}
        onClick={() => onPage(page + 1)}
      >
        <ChevronRightIcon />
      </IconButton>
    </HStack>
  );
}
