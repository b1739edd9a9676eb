import type { Host, Proposal } from '@reloc/domain';

/** The host as GET /v1/hosts/{id} answers it: its fields, the creation date and the warnings. */
export type HostDto = Omit<Host, 'revision'> & { createdAt: string | null; warnings: string[] };

/** A page of POST /v1/hosts/_search; the total comes from the x-total-count header. */
export type HostsPage = { hosts: HostDto[]; total: number };

/** The availability chips: true 'Disponibles', false 'Non disponibles', null both off (all). */
export type AvailabilityFilter = boolean | null;

export type HostsQuery = { input: string; isActive: AvailabilityFilter; page: number };

/** The file a proposal links to, as GET /v1/proposals/host/{id} embeds it. */
export type ProposedLease = {
  _id: string;
  /** The customer's e-mail. */
  userId?: string | null;
  firstName?: string | null;
  lastName?: string | null;
};

/** A row of GET /v1/proposals/host/{id}. */
export type HostProposal = Omit<Proposal, 'revision' | 'position'> & {
  position?: number;
  _lease: ProposedLease | null;
};

/** A file of POST /v1/leases offered by the add-to-file autocomplete. */
export type FileChoice = { _id: string; firstName: string; lastName: string; email: string };

export type HostsView = 'list' | 'grid';
