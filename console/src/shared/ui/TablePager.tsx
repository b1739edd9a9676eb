import { Button, HStack, NativeSelect, Text } from '@chakra-ui/react';

type Props = {
  /** Prefix of the element ids (the size select's label points at it). */
  id: string;
  /** Zero-based. */
  page: number;
  pageSize: number;
  sizes: readonly number[];
  total: number;
  onPage: (page: number) => void;
  /** A new size goes back to the first page. */
  onPageSize: (size: number) => void;
};

/** Rows per page (100 or 200, §9), the shown range and Précédent / Suivant under a table. */
export function TablePager({ id, page, pageSize, sizes, total, onPage, onPageSize }: Props) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : page * pageSize + 1;
  const last = Math.min(total, (page + 1) * pageSize);
  return (
    <HStack justify="space-between" wrap="wrap" gap="3" mt="3" as="nav" aria-label="Pagination">
      <HStack gap="2">
        <Text asChild fontSize="sm">
          <label htmlFor={`${id}-page-size`}>Lignes par page</label>
        </Text>
        <NativeSelect.Root size="sm" w="24">
          <NativeSelect.Field
            id={`${id}-page-size`}
            value={pageSize}
            onChange={(event) => onPageSize(Number(event.currentTarget.value))}
          >
            {sizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      <HStack gap="2">
        <Text fontSize="sm" aria-live="polite">
          {first}–{last} sur {total}
        </Text>
        <Button size="sm" variant="outline" disabled={page === 0} onClick={() => onPage(page - 1)}>
          Précédent
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={page + 1 >= pages}
          onClick={() => onPage(page + 1)}
        >
          Suivant
        </Button>
      </HStack>
    </HStack>
  );
}
