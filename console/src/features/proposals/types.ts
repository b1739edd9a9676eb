import type { Host, Proposal } from '@reloc/domain';
import type { UpdateProposalBody } from '@reloc/contracts';

/** The host as GET /v1/proposals/lease/{id} embeds it (the host DTO). */
export type HostDto = Omit<Host, 'revision'> & { createdAt: string | null; warnings: string[] };

/** A row of GET /v1/proposals/lease/{id}: the proposal, its effective position and its host. */
export type ProposalRow = Omit<Proposal, 'revision' | 'position'> & {
  position: number;
  _host: HostDto | null;
  /** true when the travel times are an offline straight-line estimate. */
  distanceEstimate?: boolean;
};

export type ProposalUpdate = UpdateProposalBody;

/** The two tabs that list proposals, and the route segment of each. */
export type ProposalsTabKind = 'proposals' | 'visits';
