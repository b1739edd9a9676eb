import { projectHistory } from './project-history';

const created = {
  type: 'ProjectCreated',
  data: {
    projectId: 'p1',
    fields: { firstName: 'Inès', lastName: 'Garnier', budget: 900 },
    assignees: { sale: 'ABC' },
    createdAt: '2026-11-01T09:00:00.000Z',
  },
};

const changed = (changes: Record<string, unknown>) => ({
  type: 'ProjectFieldsChanged',
  data: { projectId: 'p1', changes, by: 'u1' },
});

describe('projectHistory: the entry each event of a file makes', () => {
  it('names the creation, then each change from the state just before it', () => {
    const entries = projectHistory([
      created,
      changed({ budget: 1000 }),
      changed({ budget: 1000, lastName: 'Garnier-Roy' }),
      changed({ budget: 1000 }),
      {
        type: 'ProjectStageChanged',
        data: { projectId: 'p1', from: 'projectCreated', to: 'toCall', at: '2026-11-02' },
      },
      { type: 'ProjectTagsChanged', data: { projectId: 'p1', tags: ['urgent'] } },
    ]);
    expect(entries.map((entry) => entry?.type ?? null)).toEqual([
      'CREATION',
      'MODIFICATION',
      'MODIFICATION',
      // The same value again: nothing changed, no entry.
      null,
      'CHANGEMENT_STATUT',
      'TAGS',
    ]);
    // Each change lists only its own fields: the state before it was not written over.
    expect(entries[1]?.params).toEqual({ fields: ['budget'] });
    expect(entries[2]?.params).toEqual({ fields: ['lastName'] });
    expect(entries[4]?.label).toMatch(/^Étape : .+ → .+$/);
    expect(entries[5]?.params).toEqual({ tags: ['urgent'] });
  });

  it('gives no entry for an event that is no project event, and folds around it', () => {
    const entries = projectHistory([
      created,
      { type: 'TimelineEntryHidden', data: { entryId: 'x' } },
      { type: 'ProjectDeleted', data: { projectId: 'p1' } },
    ]);
    expect(entries.map((entry) => entry?.type ?? null)).toEqual(['CREATION', null, 'SUPPRESSION']);
  });

  it("starts a file whose creation is not in its stream with 'Création'", () => {
    const [first] = projectHistory([
      { type: 'ProjectTagsChanged', data: { projectId: 'p2', tags: ['orphelin'] } },
    ]);
    expect(first).toMatchObject({ type: 'CREATION', label: 'Création' });
  });
});
