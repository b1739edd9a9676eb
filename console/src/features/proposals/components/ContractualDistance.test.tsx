import { departureKey, workKey } from '@reloc/domain';
import { screen, waitFor } from '@testing-library/react';
import { setToken } from '../../../shared/api/token';
import { stubFetch } from '../../../test/http';
import { ProjectPage } from '../../projects/page/ProjectPage';
import { project, renderRoute, signIn } from '../../projects/test/fixtures';
import type { ProjectDoc } from '../../projects/types';
import { useShellStore } from '../../shell/store';

function serve(first: Partial<ProjectDoc>, later: Partial<ProjectDoc> = first) {
  let gets = 0;
  return stubFetch((call) => {
    if (call.url === '/v1/lease/p1' && call.method === 'GET') {
      gets += 1;
      return { status: 200, body: project(gets === 1 ? first : later) };
    }
    if (call.url === '/v1/lease/tags') return { status: 200, body: [] };
    if (call.url.startsWith('/v1/comments/for/p1')) return { status: 200, body: [] };
    if (call.url === '/v1/timeline/for/p1') return { status: 200, body: [] };
    return { status: 404, body: { message: 'Introuvable' } };
  });
}

const open = () => renderRoute('/project/:id/:tab?/:subId?', '/project/p1', <ProjectPage />);

// Full project pages with many typed characters: slow on a loaded machine.
jest.setTimeout(20_000);

describe('contractual distance on the project tab', () => {
  beforeEach(() => {
    window.localStorage.clear();
    useShellStore.getState().reset();
    setToken('t');
    signIn('OPERATOR');
  });

  it('shows whole km and h/min, flagged as an estimate', async () => {
    serve({
      addressWork: '1 rue du Travail, Lyon',
      contractualDistance: 12_400,
      contractualTime: 3_900,
      contractualEstimate: true,
    });
    open();
    const box = await screen.findByTestId('contractual-distance');
    expect(box).toHaveTextContent('Distance contractuelle : 12 km');
    expect(box).toHaveTextContent('Temps de trajet contractuel : 1 h 05 min');
    expect(box).toHaveTextContent('estimation');
  });

  it("says 'Pas d'adresse de travail' without a work address", async () => {
    serve({ addressWork: null, addressWorkObject: null });
    open();
    expect(await screen.findByTestId('contractual-distance')).toHaveTextContent(
      "Pas d'adresse de travail",
    );
  });

  it('re-reads the project until the distance of the saved addresses is computed', async () => {
    const places = {
      actualCity: 'Lille',
      fromAddressObject: { label: 'Lille', lat: 50.63, lng: 3.06 },
      addressWork: '1 rue du Travail, Lyon',
      addressWorkObject: { label: '1 rue du Travail, Lyon', lat: 45.76, lng: 4.84 },
    };
    serve(
      // An older distance, for other addresses: not shown while the new one is computed.
      { ...places, contractualDistance: 3_000, lastContractualAddress1: 'ailleurs' },
      {
        ...places,
        contractualDistance: 8_000,
        contractualTime: 1_500,
        lastContractualAddress1: departureKey(places),
        lastContractualAddress2: workKey(places),
      },
    );
    open();
    const box = await screen.findByTestId('contractual-distance');
    expect(box).toHaveTextContent('Calcul en cours…');
    expect(box).not.toHaveTextContent('3 km');
    await waitFor(() => expect(box).toHaveTextContent('8 km'), { timeout: 7000 });
    expect(box).toHaveTextContent('25 min');
  }, 10000);
});
