import { projectCreated, PROJECT_ID } from '../testing/project-fixtures';
import { auditEventLabel, auditStreamType, isAuditStreamName } from './audit-registry';
import { diffFields, MASKED, redactSecrets, jsonEqual } from './field-diff';
import { changesPerEvent, describeState, parseInstant, stateAt } from './history';

const project = auditStreamType(`project-${PROJECT_ID}`)!;

const at = (minute: number) => `2026-11-22T10:${String(minute).padStart(2, '0')}:00.000Z`;
const events = [
  { ...projectCreated, revision: 0, createdAt: at(0) },
  {
    type: 'ProjectFieldsChanged',
    data: { projectId: PROJECT_ID, changes: { job: 'Ingénieure' }, by: 'u-op' },
    revision: 1,
    createdAt: at(5),
  },
  {
    type: 'ProjectAssigneeChanged',
    data: { projectId: PROJECT_ID, role: 'reloc', from: null, to: 'JBE' },
    revision: 2,
    createdAt: at(10),
  },
  {
    type: 'ProjectFieldsChanged',
    data: { projectId: PROJECT_ID, changes: { job: 'Architecte', g1LastName: 'Roux' }, by: 'u-a' },
    revision: 3,
    createdAt: at(15),
  },
];

describe('audit registry', () => {
  it('finds the aggregate by the longest stream prefix', () => {
    expect(project.prefix).toBe('project');
    expect(auditStreamType('prospect-abc')?.prefix).toBe('prospect');
    expect(auditStreamType('signature-template-x')?.prefix).toBe('signature-template');
    expect(auditStreamType('signatures-x')?.prefix).toBe('signatures');
    expect(auditStreamType('unique-customer-email-a@b.fr')?.prefix).toBe('unique-customer-email');
    expect(auditStreamType('unique-email-a@b.fr')?.prefix).toBe('unique-email');
  });

  it('refuses malformed names and unknown aggregates', () => {
    for (const name of [
      '',
      'project',
      'project-',
      'Project-1',
      'project-a b',
      'x/y-1',
      'a'.repeat(301),
    ])
      expect(auditStreamType(name)).toBeNull();
    expect(isAuditStreamName('nothing-1')).toBe(true);
    expect(auditStreamType('nothing-1')).toBeNull();
  });

  it('names events in French, or by their type', () => {
    expect(auditEventLabel('ProjectFieldsChanged')).toBe('Champs modifiés');
    expect(auditEventLabel('SomethingNew')).toBe('SomethingNew');
  });
});

describe('field diff', () => {
  it('lists changed fields with their French labels, expanded objects key by key', () => {
    const changes = diffFields(
      { job: 'A', assignees: { reloc: null, sale: 'SPE' }, revision: 1, same: [1] },
      { job: 'B', assignees: { reloc: 'JBE', sale: 'SPE' }, revision: 2, same: [1] },
      { labelOf: project.labelOf, expand: ['assignees'] },
    );
    expect(changes).toEqual([
      { field: 'job', label: 'Poste', before: 'A', after: 'B' },
      { field: 'assignees.reloc', label: 'Reloc', before: null, after: 'JBE' },
    ]);
  });

  it('compares objects and arrays deeply, and undefined as null', () => {
    expect(jsonEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(jsonEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 3 }] })).toBe(false);
    expect(jsonEqual(undefined, null)).toBe(true);
    expect(diffFields({ x: { lat: 1 } }, { x: { lat: 2 } })).toEqual([
      { field: 'x', label: 'x', before: { lat: 1 }, after: { lat: 2 } },
    ]);
  });

  it('masks secrets', () => {
    expect(diffFields({ passwordHash: null }, { passwordHash: '$2b$10$abc' })).toEqual([
      { field: 'passwordHash', label: 'passwordHash', before: null, after: MASKED },
    ]);
    // The hash chain and content hashes are not secrets.
    expect(redactSecrets({ chain: { prev: null, hash: 'abc' } })).toEqual({
      chain: { prev: null, hash: 'abc' },
    });
    expect(redactSecrets({ a: { resetToken: 't' }, b: 1 })).toEqual({
      a: { resetToken: MASKED },
      b: 1,
    });
  });
});

describe('history', () => {
  it('gives each event the fields it changed', () => {
    const changes = changesPerEvent(project, events);
    expect(changes[0].find((c) => c.field === 'firstName')).toMatchObject({
      label: 'Prénom',
      before: null,
      after: 'Camille',
    });
    expect(changes[1]).toEqual([
      { field: 'job', label: 'Poste', before: null, after: 'Ingénieure' },
    ]);
    expect(changes[2]).toEqual([
      { field: 'assignees.reloc', label: 'Reloc', before: null, after: 'JBE' },
    ]);
    expect(changes[3].map((c) => [c.label, c.before, c.after])).toEqual([
      ['Poste', 'Ingénieure', 'Architecte'],
      ['Garant 1 : nom', null, 'Roux'],
    ]);
  });

  it('replays the state at any instant between the events', () => {
    expect(stateAt(project, events, Date.parse(at(0)) - 1)).toEqual({ revision: -1, state: null });
    expect(stateAt(project, events, Date.parse(at(0)))).toMatchObject({
      revision: 0,
      state: { job: null, firstName: 'Camille' },
    });
    expect(stateAt(project, events, Date.parse(at(7)))).toMatchObject({
      revision: 1,
      state: { job: 'Ingénieure', assignees: { reloc: null } },
    });
    expect(stateAt(project, events, Date.parse(at(12)))).toMatchObject({
      revision: 2,
      state: { job: 'Ingénieure', assignees: { reloc: 'JBE' } },
    });
    expect(stateAt(project, events, Date.parse(at(59)))).toMatchObject({
      revision: 3,
      state: { job: 'Architecte', g1LastName: 'Roux' },
    });
  });

  it('given events stored the same day with backdated metadata times, then the state at an instant follows them (issue 15 point 26)', () => {
    const seedDay = '2026-11-25T08:00:00.000Z';
    const backdated = events.map((event, i) => ({
      ...event,
      createdAt: seedDay,
      metadata: {
        at: new Date(Date.parse('2026-01-10T09:00:00.000Z') + i * 86400000 * 30).toISOString(),
      },
    }));
    expect(stateAt(project, backdated, Date.parse('2026-01-10T09:00:00.000Z'))).toMatchObject({
      revision: 0,
      state: { job: null },
    });
    expect(stateAt(project, backdated, Date.parse('2026-02-10T09:00:00.000Z'))).toMatchObject({
      revision: 1,
      state: { job: 'Ingénieure' },
    });
  });

  it('parses strict ISO instants only', () => {
    expect(parseInstant('2026-11-22T10:00:00.000Z')).toBe(Date.parse('2026-11-22T10:00:00.000Z'));
    expect(parseInstant('2026-11-22T11:00+01:00')).toBe(Date.parse('2026-11-22T10:00:00.000Z'));
    for (const bad of ['', 'hier', '2026-11-22', '2026-13-40T10:00:00Z', '1700000000', undefined])
      expect(parseInstant(bad)).toBeNull();
  });

  it('describes a state as labelled groups', () => {
    const { state } = stateAt(project, events, Date.parse(at(59)));
    const groups = describeState(project, state);
    const titles = groups.map((g) => g.title);
    expect(titles[0]).toBe('Projet');
    expect(titles).toEqual(expect.arrayContaining(['Affectations', 'Garant 1', 'Co-demandeur']));
    const other = groups.find((g) => g.title === 'Autres données');
    if (other) expect(titles[titles.length - 1]).toBe('Autres données');
    const garant = groups.find((g) => g.title === 'Garant 1')!;
    expect(garant.fields).toContainEqual({ field: 'g1LastName', label: 'Nom', value: 'Roux' });
    const flat = groups.flatMap((g) => g.fields.map((f) => f.field));
    expect(flat).not.toContain('revision');
    expect(flat).not.toContain('fieldAuthors');
  });
});
