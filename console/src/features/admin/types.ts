import type { MailType, RewardCategory, Role } from '@reloc/domain';

export type RewardGridDto = Record<RewardCategory, number>;

/** A staff member or user as POST /v1/users lists it. */
export type AdminUser = {
  _id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  trigram: string | null;
  version: 1 | 2;
  isDeactivated: boolean;
  createdAt: string;
  /** Project files where their trigram holds a slot. */
  projectsCount?: number;
  rewards: { sentToAL: RewardGridDto; paid: RewardGridDto; custom: number };
};

/** One slot still held by a deactivated member (GET /v1/user/inactiveStaff). */
export type InactiveStaffRow = {
  trigram: string;
  firstName: string;
  lastName: string;
  email: string;
  userRole: Role;
  role: string;
  kind: 'project' | 'prospect';
  _id: string;
  name: string;
  currentProgress: string;
  stageLabel: string;
  href: string;
};

/** A cached file (GET /v1/cache/for/{target}). */
export type CacheFile = {
  _id: string;
  name: string;
  size: number;
  mime: string;
  createdAt: string;
  href: string;
};

export type SentMail = {
  _id: string;
  projectId: string;
  type: MailType;
  to: string;
  subject: string;
  transport: 'smtp' | 'outbox';
  sentAt: string;
  by: string | null;
  href: string | null;
};
