import {
  isStageAheadOfTheory,
  PROSPECT_FIELD_LABELS,
  PROSPECT_STAGE_LABELS,
  type ProspectStage,
} from '@reloc/domain';
import type { NextStage } from './types';

/** The key of the 'À compléter' line that the theoretical status adds. */
export const THEORY_KEY = 'theoreticalStatus';

/** Why the next stage would be ahead of the theoretical status (spec §4). */
export function theoryMessage(theory: ProspectStage): string {
  return theory === 'involved'
    ? 'aucun dossier client n’est lié à ce prospect'
    : 'aucun dossier client lié n’a encore obtenu son bail';
}

/**
 * 'Passer en <stage suivant>': enabled only when the next stage's fields hold and the stage is
 * not ahead of the theoretical status; `missing` lists why (label, message), as 'À compléter'.
 */
export function nextStageState(
  next: NextStage | null | undefined,
  theory: ProspectStage | null | undefined,
): { enabled: boolean; missing: { key: string; label: string; message: string }[] } {
  if (!next?.stage) return { enabled: false, missing: [] };
  const missing = Object.entries(next.errors ?? {}).map(([field, message]) => ({
    key: field,
    label: PROSPECT_FIELD_LABELS[field] ?? field,
    message,
  }));
  const ahead = theory ? isStageAheadOfTheory(next.stage, theory) : false;
  if (ahead && theory)
    missing.push({
      key: THEORY_KEY,
      label: `Statut théorique (${PROSPECT_STAGE_LABELS[theory]})`,
      message: theoryMessage(theory),
    });
  return { enabled: next.enabled && !ahead, missing };
}
