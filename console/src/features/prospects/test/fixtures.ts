import { emptyProspect, nextStageCheck, PROSPECT_STAGE_LABELS } from '@reloc/domain';
import type { ProspectDoc, ProspectTile } from '../types';

export const PROSPECT_ID = '65a1b2c3d4e5f60718293a4b';

export const prospectTile = (i: number, extra: Partial<ProspectTile> = {}): ProspectTile => ({
  _id: `65a1b2c3d4e5f6071829${String(i).padStart(4, '0')}`,
  name: `Société ${i}`,
  currentProgress: 'new',
  stageLabel: PROSPECT_STAGE_LABELS.new,
  tags: [],
  alerts: [],
  assignees: { lead: null, sale: 'CMA' },
  leadTrigram: '???',
  saleTrigram: 'CMA',
  stopped: false,
  notInterested: null,
  lastMove: '2026-02-03T10:00:00.000Z',
  theoreticalStatus: 'involved',
  invalid: false,
  tooltip: null,
  canOpen: true,
  ...extra,
});

/** A prospect as GET /v1/prospects/{id} answers it; `extra` overrides fields. */
export function prospectDoc(extra: Record<string, unknown> = {}): ProspectDoc {
  const base = {
    ...emptyProspect(PROSPECT_ID),
    name: 'Acme',
    assignees: { lead: null, sale: 'CMA', dispatcher: null, reloc: null, alsender: null },
    createdAt: '2026-01-05T10:00:00.000Z',
    ...extra,
  } as ReturnType<typeof emptyProspect>;
  const { revision: _r, fieldRevisions: _f, fieldAuthors: _a, deleted: _d, ...fields } = base;
  return {
    ...fields,
    _revision: 3,
    stageLabel: PROSPECT_STAGE_LABELS[base.currentProgress],
    abandonReason: null,
    theoreticalStatus: 'involved',
    invalid: false,
    tooltip: null,
    stageErrors: {},
    nextStage: nextStageCheck(base),
    linkedFiles: 0,
    leaseStats: [],
    monthlyStats: [],
    canEdit: true,
    ...extra,
  } as unknown as ProspectDoc;
}
