import { projectTimelineEntry } from './project-timeline';

const label = (s: string) => s.toUpperCase();

describe('project timeline entries', () => {
  it("names 'Création' first and a stage change with its labels", () => {
    expect(
      projectTimelineEntry(
        'ProjectCreated',
        null,
        { currentProgress: 'projectCreated' },
        label,
        label,
      )?.label,
    ).toBe('Création');
    expect(
      projectTimelineEntry(
        'ProjectStageChanged',
        { currentProgress: 'toCall' },
        { currentProgress: 'eligibility' },
        label,
        label,
      ),
    ).toMatchObject({ type: 'CHANGEMENT_STATUT', label: 'Étape : TOCALL → ELIGIBILITY' });
  });

  it('lists changed fields by label, never the bookkeeping ones', () => {
    const entry = projectTimelineEntry(
      'ProjectFieldsChanged',
      { budget: 500, revision: 3, fieldRevisions: {}, fieldAuthors: {} },
      { budget: 700, revision: 4, fieldRevisions: { budget: 4 }, fieldAuthors: { budget: 'u1' } },
      label,
      (field) => (field === 'budget' ? 'Budget' : field),
    );
    expect(entry).toMatchObject({
      type: 'MODIFICATION',
      label: 'Fiche modifiée : Budget',
      params: { fields: ['budget'] },
    });
  });
});
