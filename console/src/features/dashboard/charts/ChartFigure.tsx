import {
  Box,
  Center,
  Heading,
  HStack,
  Spinner,
  Table,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { Component, Suspense, type ReactNode, useId } from 'react';

/** A chart whose code could not be fetched (offline, a new release): its table still reads. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? (
      <Center h="full">
        <Text color="fg.muted">Graphique indisponible</Text>
      </Center>
    ) : (
      this.props.children
    );
  }
}

/**
 * A chart with its title and, for screen readers, the same figures as a table (the drawing
 * itself is an image named after the title).
 */
export function ChartFigure({
  title,
  columns,
  rows,
  height = '260px',
  empty,
  testId = 'chart',
  legend,
  children,
}: {
  title: string;
  columns: readonly string[];
  rows: readonly (readonly (string | number)[])[];
  height?: string;
  /** Shown instead of the chart when there is nothing to draw. */
  empty?: string;
  testId?: string;
  /** The colour of each series, when there are several. */
  legend?: readonly { label: string; color: string }[];
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Box
      as="figure"
      aria-labelledby={id}
      borderWidth="1px"
      borderRadius="l3"
      p="4"
      bg="bg"
      minW="0"
      data-testid={testId}
    >
      <Heading as="h3" size="sm" id={id} mb="2">
        {title}
      </Heading>
      {empty ? (
        <Center h={height}>
          <Text color="fg.muted">{empty}</Text>
        </Center>
      ) : (
        <Box h={height}>
          <Suspense
            fallback={
              <Center h="full" role="status" aria-live="polite">
                <Spinner color="brand.solid" aria-hidden />
                <VisuallyHidden>Chargement du graphique…</VisuallyHidden>
              </Center>
            }
          >
            <ChartBoundary>{children}</ChartBoundary>
          </Suspense>
        </Box>
      )}
      {legend && !empty ? (
        <HStack gap="4" wrap="wrap" fontSize="xs" mt="1" aria-hidden>
          {legend.map((item) => (
            <HStack key={item.label} gap="1">
              <Box w="3" h="3" borderRadius="full" style={{ background: item.color }} />
              <Text>{item.label}</Text>
            </HStack>
          ))}
        </HStack>
      ) : null}
      <VisuallyHidden>
        <Table.Root>
          <Table.Caption>{title}</Table.Caption>
          <Table.Header>
            <Table.Row>
              {columns.map((column) => (
                <Table.ColumnHeader key={column} scope="col">
                  {column}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={String(row[0])}>
                {row.map((cell, i) =>
                  i === 0 ? (
                    <Table.ColumnHeader key={i} scope="row">
                      {cell}
                    </Table.ColumnHeader>
                  ) : (
                    <Table.Cell key={i}>{cell}</Table.Cell>
                  ),
                )}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </VisuallyHidden>
    </Box>
  );
}
