import { Injectable } from '@nestjs/common';
import {
  Announcement,
  ANNOUNCEMENT_MESSAGES,
  announcementDecider,
  AnnouncementFields,
  API_MESSAGES,
  conversionRefusal,
  DomainError,
  isPhone,
  LeadPayload,
  leadProjectDecider,
  newObjectId,
  normaliseEmail,
  splitContactName,
  uniqueValueDecider,
} from '@reloc/domain';
import { Actor, CommandExecutor } from '../infrastructure/command-executor';
import { AnnouncementsReadModel } from './announcements.read-model';
import { addComment } from '../comments/add-comment';

export const announcementStream = (id: string) => `announcement-${id}`;
const projectStream = (id: string) => `project-${id}`;
const emailClaim = (email: string) => `unique-customer-email-${email}`;

/** Announcements and the client files opened from them or from the lead form. */
@Injectable()
export class AnnouncementsService {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly announcements: AnnouncementsReadModel,
  ) {}

  require(id: string): Announcement {
    const announcement = this.announcements.findById(id);
    if (!announcement) throw new DomainError(ANNOUNCEMENT_MESSAGES.notFound, 'notFound');
    return announcement;
  }

  async create(
    actor: Actor,
    fields: Partial<AnnouncementFields>,
    status?: Announcement['currentProgress'],
    announcementId = newObjectId(),
  ): Promise<Announcement> {
    await this.executor.execute(
      announcementStream(announcementId),
      announcementDecider,
      {
        type: 'CreateAnnouncement',
        announcementId,
        fields,
        status,
        actor,
        at: new Date().toISOString(),
      },
      { actor },
    );
    return this.require(announcementId);
  }

  /** Opening the page counts as seen by this staff member today. */
  async markSeen(actor: Actor, id: string): Promise<void> {
    this.require(id);
    await this.executor.execute(
      announcementStream(id),
      announcementDecider,
      { type: 'MarkAnnouncementSeen', actor, at: new Date().toISOString() },
      { actor },
    );
  }

  /** Changed fields and the status; a stop adds the sales-visible comment with its reason. */
  async update(
    actor: Actor,
    id: string,
    changes: Partial<AnnouncementFields>,
    currentProgress?: string,
    stopReason?: string | null,
  ): Promise<Announcement> {
    this.require(id);
    const at = new Date().toISOString();
    const { events } = await this.executor.execute(
      announcementStream(id),
      announcementDecider,
      { type: 'UpdateAnnouncement', changes, currentProgress, stopReason, actor, at },
      { actor },
    );
    for (const event of events) {
      if (event.type !== 'AnnouncementUpdated' || event.data.status?.to !== 'stopped') continue;
      await addComment(this.executor, {
        targetId: id,
        content: ANNOUNCEMENT_MESSAGES.stoppedComment(event.data.status.reason ?? ''),
        visibility: 'sales',
        owner: 'hil',
        actor,
        at,
      });
    }
    return this.require(id);
  }

  /**
   * A client file at projectCreated for this e-mail, or the one that already has it
   * (the e-mail is unique among client files, §8 duplicateMail).
   */
  async openClientFile(
    actor: Actor,
    lead: LeadPayload,
  ): Promise<{ projectId: string; existing: boolean }> {
    const email = normaliseEmail(lead.email);
    const claim = emailClaim(email);
    const owner = (await this.executor.load(claim, uniqueValueDecider)).state.ownerId;
    if (owner) return { projectId: owner, existing: true };
    const projectId = newObjectId();
    const context = { actor };
    try {
      await this.executor.execute(
        claim,
        uniqueValueDecider,
        { type: 'Claim', ownerId: projectId, conflictMessage: API_MESSAGES.duplicateMail },
        context,
      );
    } catch (error) {
      const winner = (await this.executor.load(claim, uniqueValueDecider)).state.ownerId;
      if (winner) return { projectId: winner, existing: true };
      throw error;
    }
    try {
      await this.executor.execute(
        projectStream(projectId),
        leadProjectDecider,
        {
          type: 'CreateLeadProject',
          projectId,
          lead: { ...lead, email },
          actor,
          at: new Date().toISOString(),
        },
        context,
      );
    } catch (error) {
      await this.executor.execute(
        claim,
        uniqueValueDecider,
        { type: 'Release', ownerId: projectId },
        context,
      );
      throw error;
    }
    return { projectId, existing: false };
  }

  /** 'Convertir en projet': once; a second call answers the same client file. */
  async convert(actor: Actor, id: string): Promise<{ projectId: string }> {
    this.require(id);
    // The stream's state, not the read model's: a stop just written must refuse the conversion.
    const announcement = (await this.executor.load(announcementStream(id), announcementDecider))
      .state;
    if (!announcement) throw new DomainError(ANNOUNCEMENT_MESSAGES.notFound, 'notFound');
    if (announcement.projectId) return { projectId: announcement.projectId };
    const refusal = conversionRefusal(announcement);
    if (refusal) throw new DomainError(refusal, 'invalid', { currentProgress: refusal });
    if (!announcement.contactEmail)
      throw new DomainError(ANNOUNCEMENT_MESSAGES.invalidRequest, 'invalid', {
        contactEmail: ANNOUNCEMENT_MESSAGES.contactEmailRequired,
      });
    const { firstName, lastName } = splitContactName(announcement.contactName);
    const phone = announcement.contactPhoneNumber;
    const sale = announcement.saleTrigram;
    const { projectId } = await this.openClientFile(actor, {
      email: announcement.contactEmail,
      firstName: firstName || null,
      lastName: lastName || null,
      phoneNumber: phone && isPhone(phone) ? phone : null,
      sale: sale && /^[A-Z]{3}$/.test(sale) ? sale : null,
      // The client's own words and the place the announcement names (issue 15 point 20).
      descEstate: announcement.description,
      futurNeighborhood: announcement.address,
    });
    await this.executor.execute(
      announcementStream(id),
      announcementDecider,
      { type: 'LinkAnnouncementProject', projectId, actor, at: new Date().toISOString() },
      { actor },
    );
    return { projectId: this.require(id).projectId ?? projectId };
  }
}
