import {
  FINAL_COMPLETE,
  SEARCH_COMPLETE,
  SHARED_COMPLETE,
} from '../../../../libs/domain/src/testing/project-fixtures';
import type { AccountRole, TestApp } from './test-app';

/** Files, hosts and proposals written through the API, for the proposal-related suites. */
export function proposalFixtures(t: TestApp) {
  const as = async (role: AccountRole) => ({ Authorization: `Bearer ${await t.tokenOf(role)}` });
  let mails = 0;

  async function createProject(firstName = 'Camille', lastName = 'Rousseau'): Promise<string> {
    mails += 1;
    const res = await t
      .http()
      .post('/v1/customer')
      .set(await as('SALE'))
      .send({
        email: `fixture.${Date.now().toString(36)}.${mails}@exemple.fr`,
        firstName,
        lastName,
        phoneNumber: '0612345678',
        company: 'Airbus',
        contractType: 'Nouvel embauché en CDI',
        actualCity: 'Lyon',
        fromAddressObject: {
          label: 'Lyon',
          city: 'Lyon',
          postcode: '69001',
          lat: 45.76,
          lng: 4.83,
        },
        assignees: { sale: 'SPE' },
      });
    if (res.status !== 201) throw new Error(`customer: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body._id as string;
  }

  async function createHost(form: Record<string, unknown>): Promise<string> {
    const created = await t
      .http()
      .post('/v1/hosts')
      .set(await as('OPERATOR'))
      .send({});
    if (created.status !== 201) throw new Error(`host: ${created.status}`);
    const id = created.body._id as string;
    const filled = await t
      .http()
      .put(`/v1/hosts/${id}`)
      .set(await as('OPERATOR'))
      .send({ externalId: `https://annonces.example.fr/${id}`, ...form });
    if (filled.status !== 200)
      throw new Error(`host form: ${filled.status} ${JSON.stringify(filled.body)}`);
    return id;
  }

  async function propose(
    projectId: string,
    hostId: string,
    role: AccountRole = 'OPERATOR',
  ): Promise<void> {
    const res = await t
      .http()
      .post(`/v1/proposals/lease/${projectId}/host/${hostId}`)
      .set(await as(role))
      .send({});
    if (res.status !== 201) throw new Error(`propose: ${res.status}`);
  }

  async function update(
    projectId: string,
    hostId: string,
    body: object,
    role: AccountRole = 'OPERATOR',
  ): Promise<void> {
    const res = await t
      .http()
      .put(`/v1/proposals/lease/${projectId}/host/${hostId}`)
      .set(await as(role))
      .send(body);
    if (res.status !== 200) throw new Error(`update: ${res.status} ${JSON.stringify(res.body)}`);
  }

  /** Fills the file as staff would before moving it on (§5 completeness, birth data included). */
  async function completeFile(projectId: string): Promise<void> {
    const current = await t
      .http()
      .get(`/v1/lease/${projectId}`)
      .set(await as('OPERATOR'));
    const res = await t
      .http()
      .put(`/v1/lease/${projectId}`)
      .set(await as('OPERATOR'))
      .send({
        _revision: current.body._revision,
        ...SHARED_COMPLETE,
        ...SEARCH_COMPLETE,
        ...FINAL_COMPLETE,
      });
    if (res.status !== 200) throw new Error(`complete: ${res.status} ${JSON.stringify(res.body)}`);
  }

  return { as, createProject, createHost, propose, update, completeFile };
}
