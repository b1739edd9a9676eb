import { Badge, Box, Button, Image, Link, Table, Text } from '@chakra-ui/react';
import {
  shownPosition,
  VISIT_AUTHOR_LABELS,
  VISIT_CANCEL_REASONS,
  visitDateTimeFromIso,
} from '@reloc/domain';
import { Fragment, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useExpandedRow, useProjectLink } from '../hooks/useProjectLink';
import type { ProposalRow, ProposalsTabKind } from '../types';
import { photoUrl, priceText, roomsText, surfaceText } from './HostSummary';
import { FolderSelect, OpinionToggles, StatusSelect } from './ProposalControls';
import { ProposalDetails } from './ProposalDetails';
import { TravelTimes } from './TravelTimes';

/** 'DD/MM/YYYY HH:MM', 'Annulée : …' or '—'. */
export function visitSummary(row: ProposalRow): string {
  if (!row.visited) return '—';
  if (row.visitCancelled)
    return row.visitCancelReason ? VISIT_CANCEL_REASONS[row.visitCancelReason] : 'Annulée';
  const typed = visitDateTimeFromIso(row.visited.dateVisite);
  return typed ? `${typed.date} ${typed.time}` : 'Planifiée';
}

const authorText = (row: ProposalRow) => {
  const author = row.visited?.author;
  if (!author) return 'Non défini';
  return author === 'other'
    ? `${VISIT_AUTHOR_LABELS.other} : ${row.visited?.authorOther ?? ''}`
    : VISIT_AUTHOR_LABELS[author];
};

function Thumbnail({ row }: { row: ProposalRow }) {
  const photo = row._host?.photoUrlEstate[0];
  if (!photo) return <Box w="14" h="10" bg="bg.muted" borderRadius="l1" aria-hidden />;
  return (
    <Image
      src={photoUrl(photo)}
      alt="Photo du bien"
      w="16"
      h="12"
      objectFit="cover"
      borderRadius="l1"
      loading="lazy"
    />
  );
}

function AddressCell({
  row,
  chosen,
  facts,
}: {
  row: ProposalRow;
  chosen: boolean;
  facts: boolean;
}) {
  const host = row._host;
  return (
    <Box minW="32" maxW="60" whiteSpace="normal">
      <Link asChild color="brand.fg">
        <RouterLink to={`/host/${row.idSell}`}>{host?.address || 'Adresse inconnue'}</RouterLink>
      </Link>
      {chosen ? (
        <Badge ml="2" colorPalette="green" data-testid="final-estate">
          Bien final
        </Badge>
      ) : null}
      {facts ? (
        <Text fontSize="xs" color="fg.muted" data-testid="host-facts">
          {priceText(host?.price)} · {surfaceText(host?.carrez)} · {roomsText(host?.numberOfRoom)}{' '}
          p.
        </Text>
      ) : null}
    </Box>
  );
}

/**
 * `wide`: a column shown only on wide screens (2xl), so that the table fits beside the comments
 * at 1280 px; what it shows is also in the expanded row.
 */
type Column = {
  header: string;
  cell: (row: ProposalRow, chosen: boolean) => ReactNode;
  wide?: boolean;
};

const WIDE_ONLY = { base: 'none', '2xl': 'table-cell' } as const;

/** The visit's date above its time (one text, wrapped at its space), so the column stays narrow. */
function VisitCell({ row }: { row: ProposalRow }) {
  const summary = visitSummary(row);
  if (!/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/.test(summary)) return <>{summary}</>;
  return (
    <Text as="span" display="inline-block" w="min-content" whiteSpace="normal">
      {summary}
    </Text>
  );
}

const columnsOf = (kind: ProposalsTabKind): Column[] => {
  const travel: Column = {
    header: 'Trajets',
    cell: (row) => <TravelTimes row={row} />,
  };
  const photo: Column = { header: 'Photo', cell: (row) => <Thumbnail row={row} />, wide: true };
  const address: Column = {
    header: 'Adresse',
    cell: (row, chosen) => <AddressCell row={row} chosen={chosen} facts={kind === 'proposals'} />,
  };
  if (kind === 'visits')
    return [
      { header: 'Visite', cell: (row) => <VisitCell row={row} /> },
      photo,
      address,
      { header: 'Auteur', cell: authorText },
      { header: 'Statut', cell: (row) => <StatusSelect row={row} /> },
      travel,
    ];
  return [
    { header: 'N°', cell: (row) => shownPosition(row.position) ?? '' },
    photo,
    address,
    { header: 'Statut', cell: (row) => <StatusSelect row={row} /> },
    { header: 'Dossier', cell: (row) => <FolderSelect row={row} /> },
    { header: 'Avis', cell: (row) => <OpinionToggles row={row} compact /> },
    { header: 'Visite', cell: (row) => <VisitCell row={row} /> },
    travel,
  ];
};

/** The proposals (or visits) of the file; a row expands into its details, named by the route. */
export function ProposalsTable({ rows, kind }: { rows: ProposalRow[]; kind: ProposalsTabKind }) {
  const link = useProjectLink();
  const { expanded, toggle } = useExpandedRow(kind);
  const columns = columnsOf(kind);
  return (
    <Table.ScrollArea position="relative" borderWidth="1px" borderRadius="l2">
      <Table.Root size="sm" aria-label={kind === 'visits' ? 'Visites' : 'Propositions'}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>
              <Text srOnly>Détails</Text>
            </Table.ColumnHeader>
            {columns.map((column) => (
              <Table.ColumnHeader key={column.header} display={column.wide ? WIDE_ONLY : undefined}>
                {column.header}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => {
            const open = expanded === row.idSell;
            const chosen = link.chosenEstate === row.idSell;
            const detailsId = `${kind}-details-${row.idSell}`;
            return (
              <Fragment key={row.idSell}>
                <Table.Row
                  data-testid={`proposal-row-${row.idSell}`}
                  data-disabled={row.disabled || undefined}
                  opacity={row.disabled ? 0.55 : 1}
                >
                  <Table.Cell>
                    <Button
                      size="xs"
                      variant="ghost"
                      aria-label="Détails"
                      aria-expanded={open}
                      aria-controls={open ? detailsId : undefined}
                      data-testid={`proposal-toggle-${row.idSell}`}
                      onClick={() => toggle(row.idSell)}
                    >
                      {open ? '▾' : '▸'}
                    </Button>
                  </Table.Cell>
                  {columns.map((column) => (
                    <Table.Cell key={column.header} display={column.wide ? WIDE_ONLY : undefined}>
                      {column.cell(row, chosen)}
                    </Table.Cell>
                  ))}
                </Table.Row>
                {open ? (
                  <Table.Row id={detailsId}>
                    <Table.Cell colSpan={columns.length + 1} p="0">
                      <ProposalDetails
                        row={row}
                        projectId={link.projectId}
                        chosen={chosen}
                        canChoose={link.editable}
                        onChoose={link.setChosenEstate}
                      />
                    </Table.Cell>
                  </Table.Row>
                ) : null}
              </Fragment>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
