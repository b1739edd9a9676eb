import { Box, Heading, Table } from '@chakra-ui/react';
import { DASHBOARD_STATUS_LABELS, yearlyTotals } from '@reloc/domain';
import type { DashboardReport } from '../types';

/** The yearly table of overall figures: per year of the range, the files of each status. */
export function YearlyTable({ report }: { report: DashboardReport }) {
  const years = yearlyTotals(report.stats, report.months, report.statuses);
  return (
    <Box borderWidth="1px" borderRadius="l3" p="4" bg="bg">
      <Heading as="h3" size="sm" mb="2" id="yearly-title">
        Chiffres annuels
      </Heading>
      <Table.ScrollArea position="relative">
        <Table.Root size="sm" aria-labelledby="yearly-title">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader scope="col">Année</Table.ColumnHeader>
              {report.statuses.map((status) => (
                <Table.ColumnHeader key={status} scope="col" textAlign="end">
                  {DASHBOARD_STATUS_LABELS[status]}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {years.map(({ year, totals }) => (
              <Table.Row key={year} data-testid={`year-${year}`}>
                <Table.ColumnHeader scope="row">{year}</Table.ColumnHeader>
                {report.statuses.map((status) => (
                  <Table.Cell key={status} textAlign="end" data-status={status}>
                    {totals[status]}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Box>
  );
}
