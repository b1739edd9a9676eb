import { Inject, Injectable } from '@nestjs/common';
import type Database from 'better-sqlite3';
import {
  documentReadiness,
  hostHasExactAddress,
  Project,
  proposalsWithExactAddress,
  SubmitReadiness,
} from '@reloc/domain';
import { HostsReadModel } from '../hosts/hosts.read-model';
import { READ_DB } from '../infrastructure/tokens';
import { ProposalsReadModel } from '../proposals/proposals.read-model';
import { DocumentsReadModel } from './documents.read-model';

/**
 * What the proposals, hosts and documents read models say about a project, for the stage
 * gates of §5 "awaitingSignature" and submission. Reads the tables only (no module imports),
 * so the projects module can use it without depending on the modules that depend on it.
 */
@Injectable()
export class SubmitReadinessReader {
  private readonly documents: DocumentsReadModel;
  private readonly proposals: ProposalsReadModel;
  private readonly hosts: HostsReadModel;

  constructor(@Inject(READ_DB) db: Database.Database) {
    this.documents = new DocumentsReadModel(db);
    this.proposals = new ProposalsReadModel(db);
    this.hosts = new HostsReadModel(db);
  }

  /** The properties proposed on the file (a final property must be one of them). */
  proposedHosts(projectId: string): string[] {
    return this.proposals.byProject(projectId).map((proposal) => proposal.idSell);
  }

  of(project: Pick<Project, '_id' | 'chosenEstate'>): SubmitReadiness {
    const exact = (hostId: string) => {
      const host = this.hosts.findById(hostId);
      return !!host && hostHasExactAddress(host);
    };
    const proposals = this.proposals.byProject(project._id).map((proposal) => ({
      visited: !!proposal.visited && !proposal.visitCancelled,
      exactAddress: exact(proposal.idSell),
    }));
    // Never opened: the default folders would all be empty.
    const documents = this.documents.find(project._id);
    return {
      proposalsWithExactAddress: proposalsWithExactAddress(proposals),
      chosenEstateHasExactAddress: !!project.chosenEstate && exact(project.chosenEstate),
      documents: documents
        ? documentReadiness(documents.documents, documents.overridden).status
        : 'incomplete',
    };
  }
}
