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

  it('says an alert raised, raised again or resolved with its French label, and one lifted', () => {
    const entry = (before: Record<string, unknown>, after: Record<string, unknown>) =>
      projectTimelineEntry('ProjectAlertRaised', before, after, label, label);
    const none = { alerts: {}, activeAlerts: [], alertsSkipped: {} };
    const raised = { ...none, alerts: { noNews: '2026-11-01' }, activeAlerts: ['noNews'] };
    expect(entry(none, raised)).toEqual({
      type: 'ALERTE_DECLENCHEE',
      label: 'Alerte déclenchée : Pas de nouvelles depuis 7 jours',
      params: { alert: 'noNews' },
    });
    expect(entry(raised, { ...raised, alerts: { noNews: '2026-11-09' } })?.label).toBe(
      'Alerte déclenchée : Pas de nouvelles depuis 7 jours',
    );
    expect(entry(raised, none)).toEqual({
      type: 'ALERTE_RESOLUE',
      label: 'Alerte résolue : Pas de nouvelles depuis 7 jours',
      params: { alert: 'noNews' },
    });
    expect(
      entry(raised, { ...raised, alertsSkipped: { noNews: '2026-11-08' }, activeAlerts: [] }),
    ).toMatchObject({ type: 'ALERTE', label: 'Alerte levée' });
  });

  it('names each changed label once: an address and its geocoded form share theirs', () => {
    const labels: Record<string, string> = {
      placeOfBirth: 'Lieu de naissance',
      placeOfBirthObject: 'Lieu de naissance',
      budget: 'Budget',
    };
    const entry = projectTimelineEntry(
      'ProjectFieldsChanged',
      { placeOfBirth: null, placeOfBirthObject: null, budget: 1 },
      { placeOfBirth: 'Lyon', placeOfBirthObject: { city: 'Lyon' }, budget: 2 },
      label,
      (field) => labels[field] ?? field,
    );
    expect(entry).toEqual({
      type: 'MODIFICATION',
      label: 'Fiche modifiée : Lieu de naissance, Budget',
      params: { fields: ['placeOfBirth', 'placeOfBirthObject', 'budget'] },
    });
  });
});
