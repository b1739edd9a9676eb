import { DateField } from '../../../shared/ui/DateField';
import { Button, chakra, HStack, Heading, Stack, Table, Tabs, Text } from '@chakra-ui/react';
import { isAdmin } from '@reloc/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../shared/api/client';
import { formatDate } from '../../../shared/format/date';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { notify, notifyError } from '../../../shared/ui/toaster';
import { useShellStore } from '../../shell/store';
import { downloadCompaniesReport, downloadReport, fetchReports, uploadReport } from '../api';
import { REPORT_TABS, reportTabOf, type ReportTab } from '../rules';
import type { CacheFile } from '../types';

const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** §7: the companies report covers the last year to now by default. */
export function defaultCompaniesRange(now = new Date()) {
  const start = new Date(now.getFullYear() - 1, now.getMonth(), now.getDate());
  return { startDate: isoDay(start), endDate: isoDay(now) };
}

const sizeOf = (bytes: number) =>
  bytes >= 1_000_000
    ? `${(bytes / 1_000_000).toFixed(1).replace('.', ',')} Mo`
    : `${Math.max(1, Math.round(bytes / 1000))} ko`;

function CompaniesReportForm() {
  const [range, setRange] = useState(defaultCompaniesRange);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadCompaniesReport(range.startDate, range.endDate);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <HStack gap="3" align="end" flexWrap="wrap" mb="3">
      <DateField
        label="Du"
        maxW="52"
        value={range.startDate}
        onChange={(startDate) => setRange({ ...range, startDate })}
      />
      <DateField
        label="Au"
        maxW="52"
        value={range.endDate}
        onChange={(endDate) => setRange({ ...range, endDate })}
      />
      <Button
        size="sm"
        loading={busy}
        disabled={!range.startDate || !range.endDate}
        onClick={() => void download()}
      >
        Générer le rapport entreprises
      </Button>
    </HStack>
  );
}

/** The reports list under the users table: one tab per report kind, files by name suffix. */
export function ReportsPanel() {
  const role = useShellStore((state) => state.me?.role);
  const [files, setFiles] = useState<CacheFile[]>([]);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [uploading, setUploading] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const load = useCallback((signal?: AbortSignal) => {
    return fetchReports(signal).then(
      (answer) => {
        setFiles(answer.files ?? []);
        setStatus('ready');
      },
      (error: unknown) => {
        if (signal?.aborted) return;
        notifyError(error);
        setStatus('error');
      },
    );
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      await uploadReport(file);
      notify('Rapport ajouté', { type: 'success' });
      await load();
    } catch (error) {
      if (error instanceof ApiError && error.status === 413)
        notify('Le fichier est trop gros (maxi 16Mo)', { type: 'error' });
      else notifyError(error);
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  };

  const byTab = (tab: ReportTab) => files.filter((file) => reportTabOf(file.name) === tab);

  return (
    <Stack as="section" aria-labelledby="reports-title" gap="3" data-testid="reports-panel">
      <HStack justify="space-between">
        <Heading as="h2" id="reports-title" size="md">
          Rapports
        </Heading>
        {role && isAdmin(role) ? (
          <>
            <chakra.input
              ref={input}
              type="file"
              srOnly
              aria-label="Fichier du rapport"
              onChange={(e) => void upload(e.target.files?.[0])}
            />
            <Button
              size="sm"
              variant="outline"
              loading={uploading}
              onClick={() => input.current?.click()}
            >
              Ajouter un rapport
            </Button>
          </>
        ) : null}
      </HStack>
      <Text color="fg.muted" fontSize="sm">
        Un fichier est classé selon la fin de son nom (par exemple « 2026-10-companies.xlsx »).
      </Text>
      <Tabs.Root defaultValue="companies" size="sm" variant="outline">
        <Tabs.List overflowX="auto">
          {REPORT_TABS.map((tab) => (
            <Tabs.Trigger key={tab} value={tab} flexShrink={0}>
              {tab} ({byTab(tab).length})
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {REPORT_TABS.map((tab) => (
          <Tabs.Content key={tab} value={tab}>
            {tab === 'companies' ? <CompaniesReportForm /> : null}
            {status === 'loading' ? (
              <LoadingState label="Chargement des rapports…" />
            ) : status === 'error' ? (
              <EmptyState
                title="Une erreur a eu lieu"
                description="Les rapports n’ont pas pu être chargés."
              />
            ) : byTab(tab).length === 0 ? (
              <EmptyState
                title="Aucun rapport"
                description={`Aucun fichier « …-${tab} » pour l’instant.`}
              />
            ) : (
              <Table.Root size="sm" aria-label={`Rapports ${tab}`}>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Fichier</Table.ColumnHeader>
                    <Table.ColumnHeader>Date</Table.ColumnHeader>
                    <Table.ColumnHeader>Taille</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {byTab(tab).map((file) => (
                    <Table.Row key={file._id}>
                      <Table.Cell>
                        <Button
                          variant="plain"
                          size="sm"
                          px="0"
                          color="brand.fg"
                          textDecoration="underline"
                          onClick={() => void downloadReport(file).catch(notifyError)}
                        >
                          {file.name}
                        </Button>
                      </Table.Cell>
                      <Table.Cell>{formatDate(file.createdAt)}</Table.Cell>
                      <Table.Cell>{sizeOf(file.size)}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Stack>
  );
}
