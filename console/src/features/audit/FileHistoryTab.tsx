import { Field, NativeSelect, Stack } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { fetchProposals } from '../proposals/api';
import { AuditHistoryTab } from './AuditHistoryTab';
import type { ValueNames } from './display';

export type FileStream = { stream: string; label: string };

/** The streams of a client file: the project, its documents, its signatures, each proposal. */
export function fileStreams(projectId: string, proposals: ProposalRow[] = []): FileStream[] {
  return [
    { stream: `project-${projectId}`, label: 'Projet' },
    { stream: `documents-${projectId}`, label: 'Documents' },
    { stream: `signatures-${projectId}`, label: 'Signatures' },
    ...proposals.map((proposal) => ({
      stream: `proposal-${projectId}-${proposal.idSell}`,
      label: `Proposition · ${proposal._host?.address || proposal.idSell}`,
    })),
  ];
}

type ProposalRow = { idSell: string; _host?: { address?: string | null } | null };

/** The chosen property by its address, as the proposals list names it, not by its id. */
export function fileValueNames(proposals: ProposalRow[]): ValueNames {
  const properties = new Map<string, string>();
  for (const proposal of proposals)
    if (proposal._host?.address) properties.set(proposal.idSell, proposal._host.address);
  return { chosenEstate: properties };
}

/** 'Historique' of a project page: the history of the file's project, documents, signatures
 * and proposals, one stream at a time. */
export function FileHistoryTab({ projectId }: { projectId: string }) {
  const [proposals, setProposals] = useState<ProposalRow[]>([]);
  const streams = useMemo(() => fileStreams(projectId, proposals), [projectId, proposals]);
  const names = useMemo(() => fileValueNames(proposals), [proposals]);
  const [stream, setStream] = useState(`project-${projectId}`);

  useEffect(() => {
    const controller = new AbortController();
    fetchProposals(projectId, controller.signal).then(
      (rows) => setProposals(rows),
      () => undefined, // the project, documents and signatures stay available
    );
    return () => controller.abort();
  }, [projectId]);

  return (
    <Stack gap="2" pt="4">
      <Field.Root maxW="md">
        <Field.Label>Historique de</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            value={stream}
            onChange={(event) => setStream(event.currentTarget.value)}
          >
            {streams.map((option) => (
              <option key={option.stream} value={option.stream}>
                {option.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <AuditHistoryTab key={stream} stream={stream} names={names} />
    </Stack>
  );
}
