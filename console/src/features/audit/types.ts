/** GET /v1/audit/streams/{stream}: one event of the history. */
export type AuditChange = { field: string; label: string; before: unknown; after: unknown };
export type AuditEntry = {
  id: string;
  revision: number;
  position: number;
  type: string;
  label: string;
  createdAt: string;
  actor: { id: string; trigram: string | null; role: string; name: string | null } | null;
  correlationId: string | null;
  causationId: string | null;
  chain: { prev: string | null; hash: string } | null;
  changes: AuditChange[];
};
export type AuditHistory = {
  stream: string;
  aggregate: string;
  label: string;
  events: AuditEntry[];
};

/** GET /v1/audit/streams/{stream}/state?at=: the aggregate then, as labelled groups. */
export type AuditStateGroup = {
  title: string;
  fields: { field: string; label: string; value: unknown }[];
};
export type AuditState = {
  stream: string;
  at: string;
  revision: number;
  state: Record<string, unknown> | null;
  groups: AuditStateGroup[];
};
