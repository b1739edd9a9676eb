import {
  GeoLoc,
  hostDecider,
  newObjectId,
  Place,
  projectDecider,
  proposalDecider,
} from '@reloc/domain';
import type { EventStore } from '@reloc/eventstore';
import { executeOnStream } from '../commands/stream-commands';
import { hostStream, projectStream, proposalStream } from '../processors/geo-jobs';

const staff = { actor: { id: 'u-sale', role: 'SALE', trigram: 'SPE' } };
const at = () => new Date().toISOString();

export const PLACES = {
  paris: { label: 'Paris', city: 'Paris', postcode: '75001', lat: 48.8566, lng: 2.3522 },
  villeurbanne: {
    label: '20 Avenue Albert Einstein 69100 Villeurbanne',
    city: 'Villeurbanne',
    lat: 45.7826,
    lng: 4.8781,
  },
} satisfies Record<string, Place>;

/** A project (with a work address unless told otherwise), a host and the proposal linking them. */
export async function proposalFixture(
  store: EventStore,
  options: { work?: Place | null; hostAddress?: string; geoLoc?: GeoLoc | null } = {},
): Promise<{ projectId: string; hostId: string }> {
  const projectId = newObjectId();
  const hostId = newObjectId();
  const work = options.work === undefined ? PLACES.villeurbanne : options.work;
  await executeOnStream(
    store,
    projectStream(projectId),
    projectDecider,
    {
      type: 'CreateProject',
      projectId,
      at: at(),
      ...staff,
      fields: {
        email: `${projectId}@exemple.fr`,
        firstName: 'Inès',
        lastName: 'Garnier',
        phoneNumber: '0612345678',
        company: 'Airbus',
        contractType: 'Nouvel embauché en CDI',
        actualCity: 'Paris',
        fromAddressObject: PLACES.paris,
        addressWork: work?.label ?? null,
        addressWorkObject: work,
        assignees: { sale: 'SPE' },
      },
    },
    staff,
  );
  const address = options.hostAddress ?? '10 Rue de la République 69001 Lyon';
  await executeOnStream(
    store,
    hostStream(hostId),
    hostDecider,
    {
      type: 'CreateHost',
      hostId,
      at: at(),
    },
    staff,
  );
  await executeOnStream(
    store,
    hostStream(hostId),
    hostDecider,
    {
      type: 'UpdateHost',
      hostId,
      at: at(),
      changes: { address, externalId: 'https://annonces.example.fr/1' },
    },
    staff,
  );
  if (options.geoLoc !== null)
    await executeOnStream(
      store,
      hostStream(hostId),
      hostDecider,
      {
        type: 'SetGeolocation',
        hostId,
        at: at(),
        address,
        geoLoc: options.geoLoc ?? { type: 'Point', coordinates: [4.8357, 45.764] },
      },
      staff,
    );
  await executeOnStream(
    store,
    proposalStream(projectId, hostId),
    proposalDecider,
    { type: 'Propose', proposalId: newObjectId(), idBuy: projectId, idSell: hostId, at: at() },
    staff,
  );
  return { projectId, hostId };
}
