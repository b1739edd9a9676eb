import {
  INTEGRATION_EVENT_SCHEMAS,
  INTEGRATION_EVENT_TYPES,
  integrationEventErrors,
  integrationSchemaId,
} from './integration-events';

const value = {
  schema: 'reloc.project.stage-changed.v1',
  id: '0193a1b2-0000-7000-8000-000000000001',
  type: 'project.stage-changed',
  version: 1,
  aggregateType: 'project',
  aggregateId: '65a1b2c3d4e5f60718293a4b',
  position: 12,
  occurredAt: '2026-11-23T10:00:00.000Z',
  correlationId: null,
  data: {
    projectId: '65a1b2c3d4e5f60718293a4b',
    from: 'projectCreated',
    to: 'searching',
    at: '2026-11-23T10:00:00.000Z',
  },
};

describe('integration event schemas (issue 14 point 7)', () => {
  it('has one versioned schema per allow-listed type', () => {
    expect(INTEGRATION_EVENT_TYPES.length).toBeGreaterThan(5);
    for (const type of INTEGRATION_EVENT_TYPES) {
      expect(integrationSchemaId(type)).toBe(`reloc.${type}.v1`);
      expect(INTEGRATION_EVENT_SCHEMAS[type]).toMatchObject({ $id: `reloc.${type}.v1` });
    }
  });

  it('accepts a curated payload', () => {
    expect(integrationEventErrors('project.stage-changed', value)).toEqual([]);
  });

  it('refuses any field beyond the curated ones, and an e-mail as an id', () => {
    const withMail = { ...value, data: { ...value.data, email: 'client@exemple.fr' } };
    expect(integrationEventErrors('project.stage-changed', withMail)).not.toEqual([]);
    const withActor = { ...value, actor: { trigram: 'JBE' } };
    expect(integrationEventErrors('project.stage-changed', withActor)).not.toEqual([]);
    const mailId = { ...value, aggregateId: 'client@exemple.fr' };
    expect(integrationEventErrors('project.stage-changed', mailId)).not.toEqual([]);
    expect(integrationEventErrors('user.created', value)).not.toEqual([]);
  });
});
