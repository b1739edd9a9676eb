import {
  isSuperAdmin,
  needsCompleteness,
  isProjectStage,
  PROJECT_MESSAGES,
  type Project,
  type Role,
  type SubmitReadiness,
  stageMoveRefusal,
} from '@reloc/domain';

export type MoveActor = { role: Role; trigram: string | null };

/**
 * The console does not know the proposals and documents: it assumes them ready and lets the
 * server answer that gate; every other rule of `stageMoveRefusal` is applied before sending.
 */
const ASSUMED_READY: SubmitReadiness = {
  proposalsWithExactAddress: Number.MAX_SAFE_INTEGER,
  chosenEstateHasExactAddress: true,
  documents: 'ok',
};

const asProject = (doc: object): Project =>
  ({ progress: {}, assignees: {}, ...doc }) as unknown as Project;

/** The French reason, as the server words it ('Dossier incomplet : Prénom, ...'). */
export function refusalText(refusal: { message: string; errors?: Record<string, string> }) {
  const fields = refusal.errors ? Object.values(refusal.errors).filter(Boolean) : [];
  return fields.length > 0 ? `${refusal.message} : ${fields.join(', ')}` : refusal.message;
}

/** Does the move to `to` need the whole file (its fields) to be judged? */
export function needsWholeFile(to: string, actor: MoveActor): boolean {
  return isProjectStage(to) && needsCompleteness(to) && !isSuperAdmin(actor.role);
}

/**
 * Why the move is refused, judged on a board tile (no fields): every rule but completeness,
 * which needs the whole file (`moveRefusal`).
 */
export function tileMoveRefusal(tile: object, to: string, actor: MoveActor): string | null {
  const refusal = stageMoveRefusal(asProject(tile), to, actor, ASSUMED_READY);
  if (!refusal || refusal.message === PROJECT_MESSAGES.incomplete) return null;
  if (refusal.message === PROJECT_MESSAGES.cannotSubmit) return null;
  return refusalText(refusal);
}

/** Why the move of the whole file is refused (null: send it; the server checks again). */
export function moveRefusal(project: object, to: string, actor: MoveActor): string | null {
  const refusal = stageMoveRefusal(asProject(project), to, actor, ASSUMED_READY);
  return refusal ? refusalText(refusal) : null;
}
