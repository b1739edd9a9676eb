import { nextStageState, THEORY_KEY } from './nextStage';
import type { NextStage } from './types';

const next = (stage: NextStage['stage'], errors: Record<string, string> = {}): NextStage => ({
  stage,
  label: 'x',
  errors,
  enabled: Object.keys(errors).length === 0,
});

describe('nextStageState', () => {
  it('enables a valid next stage within the theoretical status', () => {
    expect(nextStageState(next('involved'), 'involved')).toEqual({ enabled: true, missing: [] });
  });

  it('blocks a next stage ahead of the theoretical status and says why', () => {
    const state = nextStageState(next('testing'), 'involved');
    expect(state.enabled).toBe(false);
    expect(state.missing).toEqual([
      {
        key: THEORY_KEY,
        label: 'Statut théorique (Intéressé)',
        message: 'aucun dossier client n’est lié à ce prospect',
      },
    ]);
    expect(nextStageState(next('done'), 'testing').missing[0].message).toBe(
      'aucun dossier client lié n’a encore obtenu son bail',
    );
  });

  it('lists the missing fields with their labels, then the theory', () => {
    const state = nextStageState(next('testing', { siret: 'Obligatoire' }), 'involved');
    expect(state.enabled).toBe(false);
    expect(state.missing.map((line) => line.key)).toEqual(['siret', THEORY_KEY]);
  });

  it('has nothing to offer after the last stage', () => {
    expect(nextStageState(next(null), 'done')).toEqual({ enabled: false, missing: [] });
    expect(nextStageState(undefined, 'done')).toEqual({ enabled: false, missing: [] });
  });
});
