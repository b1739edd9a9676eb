import type { AlertLiftDays, Place, ProjectStage } from '@reloc/domain';
import { api } from '../../shared/api/client';
import type {
  Assignees,
  LeasesPage,
  ProjectComment,
  ProjectDoc,
  StateFilter,
  TimelineItem,
  Visibility,
} from './types';

/** Leases load in pages of 200 (spec §9). */
export const LEASES_PAGE_SIZE = 200;

export type LeasesQuery = {
  offset: number;
  filter: StateFilter;
  year?: number | null;
  progress?: ProjectStage | 'all';
  search?: string;
};

export const fetchLeases = (query: LeasesQuery, signal?: AbortSignal, quiet?: boolean) =>
  api.post<LeasesPage>(
    '/leases',
    {
      offset: query.offset,
      size: LEASES_PAGE_SIZE,
      filter: query.filter,
      progress: query.progress ?? 'all',
      ...(query.year ? { year: query.year } : {}),
      ...(query.search ? { search: query.search } : {}),
    },
    { signal, quiet },
  );

export const fetchProject = (id: string, signal?: AbortSignal) =>
  api.get<ProjectDoc>(`/lease/${encodeURIComponent(id)}`, { signal });

/** GET /lease/{id}/refresh (super admin): the project re-read by the server. */
export const refreshProject = (id: string) =>
  api.get<ProjectDoc>(`/lease/${encodeURIComponent(id)}/refresh`);

/** DELETE /lease/{id} (super admin): the project is deleted for good. */
export const deleteProject = (id: string) =>
  api.delete<{ message: string }>(`/lease/${encodeURIComponent(id)}`);

export const fetchExistingTags = () => api.get<string[]>('/lease/tags');

/** POST /lease/{id}: one workflow change (stage, assignee, state, tags, service, alert lift). */
export type LeaseAction =
  | { currentProgress: ProjectStage }
  | { assignees: Assignees }
  | { stopped: true; abortMotivation: string; alertSkipDays: number }
  | { stopped: false }
  | { tags: string[] }
  | { service: { name: string; done: boolean } }
  | { liftAlert: { alert: string; days: AlertLiftDays; reason: string } };

export const postLeaseAction = (id: string, action: LeaseAction) =>
  api.post<ProjectDoc>(`/lease/${encodeURIComponent(id)}`, action);

/** PUT /lease/{id}: the changed fields only, with the revision the draft started from. */
export const putLeaseFields = (id: string, revision: number, changes: Record<string, unknown>) =>
  api.put<ProjectDoc>(`/lease/${encodeURIComponent(id)}`, { _revision: revision, ...changes });

export type CustomerPayload = {
  fromAddressObject: Place | null;
  addressWorkObject: Place | null;
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  company: string;
  contractType: string;
  actualCity: string;
  addressWork: string;
  school: string;
  sponsor: string;
};

export const createCustomer = (payload: Partial<CustomerPayload>) =>
  api.post<{ _id: string }>('/customer', payload);

export const fetchComments = (id: string, signal?: AbortSignal) =>
  api.get<ProjectComment[]>(`/comments/for/${encodeURIComponent(id)}`, { signal });

export const postComment = (id: string, content: string, visibility: Visibility) =>
  api.post<ProjectComment>(
    `/comments/for/${encodeURIComponent(id)}`,
    { content, visibility },
    { query: { owner: 'hil' } },
  );

export const deleteComment = (commentId: string) =>
  api.delete<{ message: string }>(`/comments/${encodeURIComponent(commentId)}`);

export const fetchTimeline = (id: string, signal?: AbortSignal) =>
  api.get<TimelineItem[]>(`/timeline/for/${encodeURIComponent(id)}`, { signal });
