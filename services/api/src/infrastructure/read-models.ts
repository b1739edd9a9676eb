import { Projection } from './projection';
import { usersProjection } from '../users/users.projection';
import { sessionsProjection } from '../auth/sessions.projection';
import { commentsProjection } from '../comments/comments.projection';
import { projectsProjection, timelineHiddenProjection } from '../projects/projects.projection';
import { hostsProjection } from '../hosts/hosts.projection';
import { prospectsProjection } from '../prospects/prospects.projection';
import {
  announcementActivityProjection,
  announcementsProjection,
} from '../announcements/announcements.projection';
import { proposalsProjection } from '../proposals/proposals.projection';
import { filesProjection } from '../files/files.projection';
import { blobRefsProjection } from '../files/blob-refs.projection';
import { documentsProjection } from '../documents/documents.projection';
import {
  signatureRequestsProjection,
  signatureTemplatesProjection,
} from '../signatures/signatures.projection';
import { clientMailsProjection } from '../mail/client-mails.projection';
import { adminAuditProjection } from '../admin/admin-audit.projection';
import { dashboardProjection } from '../dashboard/dashboard.projection';
import { notificationsProjection } from '../notifications/notifications.projection';
import { knowledgeProjection } from '../knowledge/knowledge.projection';
import { billingProjection } from '../billing/billing.projection';

/** Every read model the projector feeds; `npm run rebuild-read-models` replays them all. */
export const ALL_PROJECTIONS: readonly Projection[] = [
  usersProjection,
  sessionsProjection,
  projectsProjection,
  timelineHiddenProjection,
  prospectsProjection,
  commentsProjection,
  hostsProjection,
  announcementsProjection,
  announcementActivityProjection,
  proposalsProjection,
  filesProjection,
  blobRefsProjection,
  documentsProjection,
  signatureTemplatesProjection,
  signatureRequestsProjection,
  dashboardProjection,
  clientMailsProjection,
  adminAuditProjection,
  billingProjection,
  notificationsProjection,
  knowledgeProjection,
];
