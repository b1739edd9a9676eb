import { emptyProspect, nextProspectStage, PROSPECT_STAGE_LABELS } from './prospect';
import {
  isStageAheadOfTheory,
  leaseStats,
  monthlyStats,
  nextStageCheck,
  noFileTooltip,
  prospectStageErrors,
  theoreticalStatus,
} from './prospect.rules';

describe('prospect rules', () => {
  it('labels the stages in French (§4)', () => {
    expect(PROSPECT_STAGE_LABELS).toMatchObject({
      new: 'Nouveaux prospects',
      toCall: 'Prospects',
      firstContact: '1er contact établi',
      pitched: 'Démo',
      involved: 'Intéressé',
      testing: 'Bêta testeur, 1 client à reloger',
      done: 'Partenariat conclu',
    });
    expect(nextProspectStage('pitched')).toBe('involved');
    expect(nextProspectStage('done')).toBeNull();
  });

  it('accumulates the rules of every stage up to the target', () => {
    const prospect = { ...emptyProspect('x'), name: 'Acme' };
    expect(prospectStageErrors(prospect, 'new')).toEqual({});
    expect(Object.keys(prospectStageErrors(prospect, 'toCall'))).toHaveLength(7);
    expect(Object.keys(prospectStageErrors(prospect, 'firstContact'))).toHaveLength(11);
    expect(Object.keys(prospectStageErrors(prospect, 'pitched'))).toHaveLength(12);
    expect(Object.keys(prospectStageErrors(prospect, 'involved'))).toHaveLength(22);
    expect(prospectStageErrors({ ...prospect, name: '' }, 'new')).toEqual({ name: 'Obligatoire' });
  });

  it('tells the console whether Passer en … is enabled', () => {
    const check = nextStageCheck({ ...emptyProspect('x'), name: 'Acme' });
    expect(check).toMatchObject({ stage: 'toCall', label: 'Prospects', enabled: false });
    expect(check.errors.siret).toBe('Obligatoire');
  });

  it('derives the theoretical status from the linked client files', () => {
    expect(theoreticalStatus([])).toBe('involved');
    const created = { createdAt: '2026-01-05T00:00:00Z', currentProgress: 'toCall' };
    expect(theoreticalStatus([created])).toBe('testing');
    const relocated = {
      createdAt: '2026-01-05T00:00:00Z',
      currentProgress: 'signed',
      progress: { leaseFetched: '2026-03-02T00:00:00Z' },
    };
    expect(theoreticalStatus([created, relocated])).toBe('done');
    expect(isStageAheadOfTheory('testing', 'involved')).toBe(true);
    expect(isStageAheadOfTheory('involved', 'involved')).toBe(false);
    expect(noFileTooltip('done', 'involved')).toBe(true);
    expect(noFileTooltip('done', 'done')).toBe(false);
  });

  it('counts clicks, files created and relocated per month, gaps filled', () => {
    const files = [
      { createdAt: '2026-01-05T00:00:00Z', currentProgress: 'toCall' },
      {
        createdAt: '2026-01-20T00:00:00Z',
        currentProgress: 'paid',
        progress: { leaseFetched: '2026-03-02T00:00:00Z' },
      },
    ];
    expect(leaseStats(files)).toEqual([
      { year: 2026, month: 1, created: 2, leaseFetched: 0 },
      { year: 2026, month: 3, created: 0, leaseFetched: 1 },
    ]);
    expect(monthlyStats({ '2025': { '12': 7 } }, files)).toEqual([
      { month: '2025-12', clicks: 7, created: 0, relocated: 0 },
      { month: '2026-01', clicks: 0, created: 2, relocated: 0 },
      { month: '2026-02', clicks: 0, created: 0, relocated: 0 },
      { month: '2026-03', clicks: 0, created: 0, relocated: 1 },
    ]);
    expect(monthlyStats({}, [])).toEqual([]);
  });
});
