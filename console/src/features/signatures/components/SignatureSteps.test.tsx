import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setToken } from '../../../shared/api/token';
import { Providers } from '../../../test/render';
import { serveApi, type Call, type Reply } from '../../documents/test/fixtures';
import { polyfillPointerEvent } from '../../documents/test/pointer';
import { signIn } from '../../projects/test/fixtures';
import { useShellStore } from '../../shell/store';
import { PROJECT, signature, template } from '../test/fixtures';
import type { SignatureDto } from '../types';
import { SignatureSteps } from './SignatureSteps';

function serveSignatures(signatures: SignatureDto[], other?: (call: Call) => Reply | undefined) {
  return serveApi((call) => {
    const answered = other?.(call);
    if (answered) return answered;
    if (call.url === `/v1/signatures/${PROJECT}` && call.method === 'GET')
      return { status: 200, body: signatures };
    if (call.url.startsWith('/v1/signature-templates'))
      return {
        status: 200,
        body: [template('c1'), template('c2', { step: 'visits', active: false })],
        headers: { 'x-total-count': '2' },
      };
    return { status: 404, body: { message: 'Introuvable' } };
  });
}

const renderSteps = () =>
  render(
    <Providers>
      <SignatureSteps projectId={PROJECT} />
    </Providers>,
  );

describe('Signature steps', () => {
  beforeAll(polyfillPointerEvent);
  beforeEach(() => {
    useShellStore.getState().reset();
    setToken('tok');
  });

  it('shows each step, its status and signers, without the admin buttons for staff', async () => {
    signIn('OPERATOR');
    serveSignatures([signature()]);
    renderSteps();
    const engagement = await screen.findByTestId('signature-step-engagement');
    expect(engagement).toHaveAttribute('data-status', 'OPEN');
    expect(within(engagement).getByText('En cours de signature')).toBeVisible();
    expect(within(engagement).getByText('Marie Durand')).toBeVisible();
    expect(within(engagement).getByText('En attente de signature')).toBeVisible();
    expect(
      within(engagement).getByRole('link', { name: 'Lien de signature de Marie Durand' }),
    ).toHaveAttribute('href', 'http://localhost/v1/sign/abc');
    expect(screen.getByTestId('signature-step-visits')).toHaveAttribute('data-status', 'NONE');
    expect(screen.queryByRole('button', { name: /Générer|Regénérer/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Annuler la demande/ })).toBeNull();
  });

  it('lets an admin generate, regenerate and abort', async () => {
    signIn('ADMIN');
    const calls = serveSignatures([], (call) => {
      if (call.url === `/v1/signatures/${PROJECT}` && call.method === 'POST')
        return { status: 201, body: signature() };
      if (call.url === `/v1/signatures/abort/${PROJECT}`)
        return { status: 200, body: { aborted: true } };
      return undefined;
    });
    renderSteps();
    const engagement = await screen.findByTestId('signature-step-engagement');
    // No active template for 'visits': nothing to generate.
    expect(
      within(screen.getByTestId('signature-step-visits')).getByRole('button', {
        name: 'Générer « Bons de visite »',
      }),
    ).toBeDisabled();

    await userEvent.click(
      within(engagement).getByRole('button', { name: "Générer « Lettre d'engagement »" }),
    );
    await waitFor(() => expect(engagement).toHaveAttribute('data-status', 'OPEN'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ step: 'engagement' });
    expect(
      within(engagement).getByRole('button', { name: "Regénérer « Lettre d'engagement »" }),
    ).toBeVisible();

    await userEvent.click(
      within(engagement).getByRole('button', {
        name: "Annuler la demande « Lettre d'engagement »",
      }),
    );
    await waitFor(() => expect(engagement).toHaveAttribute('data-status', 'NONE'));
    expect(calls.find((c) => c.url === `/v1/signatures/abort/${PROJECT}`)).toMatchObject({
      method: 'PUT',
      body: { step: 'engagement' },
    });
  });

  it("shows the server's message when a generation is refused", async () => {
    signIn('SUPERADMIN');
    serveSignatures([], (call) =>
      call.method === 'POST'
        ? { status: 400, body: { message: 'Aucun modèle actif pour cette étape' } }
        : undefined,
    );
    renderSteps();
    const engagement = await screen.findByTestId('signature-step-engagement');
    await userEvent.click(within(engagement).getByRole('button', { name: /Générer/ }));
    expect(await within(engagement).findByRole('alert')).toHaveTextContent(
      'Aucun modèle actif pour cette étape',
    );
  });

  it('opens the signed document and the proof of an archived step in a new tab', async () => {
    signIn('OPERATOR');
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    serveSignatures(
      [
        signature({
          status: 'ARCHIVED',
          signedAt: '2025-02-03T10:00:00.000Z',
          error: false,
          instances: [
            {
              name: 'Marie Durand',
              email: 'marie.durand@example.fr',
              role: 'requester',
              signedAt: '2025-02-03T10:00:00.000Z',
            },
          ],
        }),
      ],
      (call) => {
        if (call.url === `/v1/signatures/final-doc/${PROJECT}/engagement/tx-1`)
          return { status: 200, body: { finalDoc: '/v1/signature-files/final' } };
        if (call.url === '/v1/signatures/proof/b00000000000000000000001')
          return { status: 200, body: { proof: '/v1/signature-files/proof' } };
        return undefined;
      },
    );
    renderSteps();
    const engagement = await screen.findByTestId('signature-step-engagement');
    expect(engagement).toHaveAttribute('data-status', 'ARCHIVED');
    expect(within(engagement).getByText('Signé')).toBeVisible();
    expect(within(engagement).getByText('Signé le 03/02/2025')).toBeVisible();

    await userEvent.click(within(engagement).getByRole('button', { name: 'Document signé' }));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('/v1/signature-files/final', '_blank', 'noopener'),
    );
    await userEvent.click(within(engagement).getByRole('button', { name: 'Preuve' }));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('/v1/signature-files/proof', '_blank', 'noopener'),
    );
    open.mockRestore();
  });

  it('flags a failed request', async () => {
    signIn('OPERATOR');
    serveSignatures([signature({ error: true })]);
    renderSteps();
    const engagement = await screen.findByTestId('signature-step-engagement');
    expect(engagement).toHaveAttribute('data-error', 'true');
    expect(within(engagement).getByTestId('signature-error')).toHaveTextContent(
      'L’envoi de la demande de signature a échoué.',
    );
  });
});
