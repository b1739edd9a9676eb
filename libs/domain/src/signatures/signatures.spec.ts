import { emptyHost, Host } from '../hosts/host';
import { emptyProposal, Proposal } from '../proposals/proposal';
import { deciderSpec } from '../testing/decider-spec';
import { fold } from '../shared/decider';
import {
  allSigned,
  RequestSignature,
  SignatureEvent,
  signaturesDecider,
} from './signature-request';
import {
  MAX_TEMPLATE_BYTES,
  SIGNATURE_MESSAGES,
  signatureTemplateDecider,
  templateFileProblem,
} from './signature-template';
import { isVisitSignatureEligible, pickVisitProperties, visitSignaturePool } from './visit-pick';

const hex = (n: number) => n.toString(16).padStart(24, '0');

function host(n: number, over: Partial<Host> = {}): Host {
  return {
    ...emptyHost(hex(n)),
    revision: 0,
    address: `${n} rue de la Paix, Lyon`,
    addressObject: { label: `${n} rue de la Paix`, route: 'Rue de la Paix', city: 'Lyon' },
    carrez: 30,
    price: 700,
    contactName: 'Agence Centrale',
    contactPhoneNumber: '0612345678',
    ...over,
  };
}

function proposal(n: number, over: Partial<Proposal> = {}): Proposal {
  return { ...emptyProposal(hex(100 + n)), idSell: hex(n), revision: 0, ...over };
}

const visit = (date: string) => ({
  dateVisite: date,
  author: 'operator' as const,
  authorOther: null,
  report: null,
});

describe('visit signing pick (§5, §9)', () => {
  it('needs surface, price, an address with a route, a contact name and phone', () => {
    expect(isVisitSignatureEligible(host(1))).toBe(true);
    expect(isVisitSignatureEligible(host(1, { carrez: 0 }))).toBe(false);
    expect(isVisitSignatureEligible(host(1, { price: null }))).toBe(false);
    expect(isVisitSignatureEligible(host(1, { address: ' ' }))).toBe(false);
    expect(isVisitSignatureEligible(host(1, { addressObject: { label: 'Lyon' } }))).toBe(false);
    expect(isVisitSignatureEligible(host(1, { contactName: null }))).toBe(false);
    expect(isVisitSignatureEligible(host(1, { contactPhoneNumber: '' }))).toBe(false);
  });

  const hosts = (list: Host[]) => new Map(list.map((h) => [h._id, h]));

  it('picks 3 eligible properties without a final one, 2 plus the final one otherwise', () => {
    const all = [1, 2, 3, 4, 5].map((n) => host(n));
    const proposals = [1, 2, 3, 4, 5].map((n) => proposal(n));
    expect(pickVisitProperties(proposals, hosts(all), null)).toEqual({
      ok: true,
      properties: [hex(1), hex(2), hex(3)],
    });
    expect(pickVisitProperties(proposals, hosts(all), hex(4))).toEqual({
      ok: true,
      properties: [hex(4), hex(1), hex(2)],
    });
  });

  it('skips ineligible properties and prefers the visited ones, oldest visit first', () => {
    const all = [host(1, { contactName: null }), host(2), host(3), host(4), host(5)];
    const proposals = [
      proposal(1, { visited: visit('2026-10-01T10:00:00.000Z') }),
      proposal(2),
      proposal(3, { visited: visit('2026-10-03T10:00:00.000Z') }),
      proposal(4, { visited: visit('2026-10-02T10:00:00.000Z') }),
      proposal(5, { visited: visit('2026-10-04T10:00:00.000Z'), cancel: true }),
    ];
    expect(visitSignaturePool(proposals).map((p) => p.idSell)).toEqual([hex(1), hex(4), hex(3)]);
    expect(pickVisitProperties(proposals, hosts(all), null)).toEqual({
      ok: true,
      properties: [hex(4), hex(3)],
    });
  });

  it('refuses with fewer than 3 properties with an exact address', () => {
    const all = [host(1), host(2), host(3, { addressObject: { label: 'Lyon', city: 'Lyon' } })];
    const proposals = [1, 2, 3].map((n) => proposal(n));
    expect(pickVisitProperties(proposals, hosts(all), null)).toEqual({
      ok: false,
      reason: 'exactAddresses',
    });
    // A house number is an exact address too; disabled proposals do not count.
    all[2] = host(3, { addressObject: { label: '3 Lyon', housenumber: '3' } });
    expect(pickVisitProperties(proposals, hosts(all), null).ok).toBe(true);
    proposals[0] = proposal(1, { disabled: true });
    expect(pickVisitProperties(proposals, hosts(all), null).ok).toBe(false);
  });
});

describe('signature template rules', () => {
  it('PDF only, 10,000,000 bytes at most, a file required', () => {
    expect(templateFileProblem(null)).toBe('Le fichier est obligatoire');
    expect(templateFileProblem({ size: 10, mime: 'image/png' })).toBe(
      'Seuls les fichiers PDF sont acceptés',
    );
    expect(templateFileProblem({ size: MAX_TEMPLATE_BYTES + 1, mime: 'application/pdf' })).toBe(
      'Votre fichier ne doit pas faire plus de 10Mo',
    );
    expect(templateFileProblem({ size: MAX_TEMPLATE_BYTES, mime: 'application/pdf' })).toBeNull();
  });

  it('creates then edits a template; a blank name is refused', () => {
    const spec = deciderSpec(signatureTemplateDecider);
    const create = {
      type: 'CreateSignatureTemplate' as const,
      templateId: hex(7),
      name: ' Lettre ',
      step: 'engagement' as const,
      documentType: 'engagementLetter' as const,
      hasCoRequester: false,
      file: { fileId: hex(8), name: 'lettre.pdf', size: 100, hash: 'a'.repeat(64) },
      at: '2026-11-23T09:00:00.000Z',
    };
    const created = signatureTemplateDecider.decide(
      create,
      signatureTemplateDecider.initialState(),
    );
    expect(created[0].data).toMatchObject({ name: 'Lettre' });
    const state = fold(signatureTemplateDecider, created);
    expect(state).toMatchObject({ active: true, documentId: hex(8), revision: 0 });
    const update = {
      type: 'UpdateSignatureTemplate' as const,
      name: 'Lettre',
      step: 'visits' as const,
      hasCoRequester: true,
      active: false,
      at: '2026-11-24T09:00:00.000Z',
    };
    spec
      .given(created)
      .when({ ...update, name: '  ' })
      .thenThrows(SIGNATURE_MESSAGES.nameRequired, 'invalid');
    const edited = fold(signatureTemplateDecider, [
      ...created,
      ...signatureTemplateDecider.decide(update, state),
    ]);
    expect(edited).toMatchObject({ step: 'visits', hasCoRequester: true, active: false });
    spec.given([]).when(update).thenThrows(SIGNATURE_MESSAGES.templateNotFound, 'notFound');
  });
});

describe('signaturesDecider (one request per step)', () => {
  const spec = deciderSpec(signaturesDecider);
  const request = (transactionId: string): RequestSignature => ({
    type: 'RequestSignature',
    projectId: hex(1),
    signatureId: hex(2),
    transactionId,
    step: 'engagement',
    provider: 'builtin',
    templateId: hex(3),
    documentHash: 'b'.repeat(64),
    documentName: 'Lettre.pdf',
    signers: [
      { name: 'Camille Rousseau', email: 'camille@exemple.fr', role: 'requester' },
      { name: 'Alex Rousseau', email: 'alex@exemple.fr', role: 'coRequester' },
    ],
    properties: [],
    at: '2026-11-23T09:00:00.000Z',
  });
  const requested = (t: string): SignatureEvent[] =>
    signaturesDecider.decide(request(t), signaturesDecider.initialState());

  it('aborts an open request of the step before recreating it', () => {
    const events = signaturesDecider.decide(
      request('t2'),
      fold(signaturesDecider, requested('t1')),
    );
    expect(events.map((e) => e.type)).toEqual(['SignatureAborted', 'SignatureRequested']);
    const state = fold(signaturesDecider, [...requested('t1'), ...events]);
    expect(state.requests.engagement?.transactionId).toBe('t2');
  });

  it('signs each signer once, archives only the current open transaction, fails once', () => {
    const sign = (signerIndex: number) => ({
      type: 'SignAsSigner' as const,
      step: 'engagement' as const,
      transactionId: 't1',
      signerIndex,
      at: '2026-11-23T10:00:00.000Z',
    });
    const first = signaturesDecider.decide(sign(0), fold(signaturesDecider, requested('t1')));
    spec
      .given([...requested('t1'), ...first])
      .when(sign(0))
      .thenThrows(SIGNATURE_MESSAGES.alreadySigned, 'conflict');
    const second = signaturesDecider.decide(
      sign(1),
      fold(signaturesDecider, [...requested('t1'), ...first]),
    );
    const signed = fold(signaturesDecider, [...requested('t1'), ...first, ...second]);
    expect(allSigned(signed.requests.engagement!)).toBe(true);
    const archive = {
      type: 'ArchiveSignature' as const,
      step: 'engagement' as const,
      finalHash: 'c'.repeat(64),
      proofHash: 'd'.repeat(64),
      at: '2026-11-23T10:01:00.000Z',
    };
    spec
      .given([...requested('t1'), ...first, ...second])
      .when({ ...archive, transactionId: 'other' })
      .thenNothing();
    const archived = fold(signaturesDecider, [
      ...requested('t1'),
      ...first,
      ...second,
      ...signaturesDecider.decide({ ...archive, transactionId: 't1' }, signed),
    ]);
    expect(archived.requests.engagement).toMatchObject({
      status: 'ARCHIVED',
      signedAt: '2026-11-23T10:01:00.000Z',
    });
    const fail = {
      type: 'FailSignature' as const,
      step: 'engagement' as const,
      transactionId: 't1',
      reason: 'provider down',
      at: archive.at,
    };
    const failed = signaturesDecider.decide(fail, signed);
    expect(failed.map((e) => e.type)).toEqual(['SignatureFailed']);
    spec
      .given([...requested('t1'), ...first, ...second, ...failed])
      .when(fail)
      .thenNothing();
  });

  it('aborting removes the request; aborting nothing is 404', () => {
    const abort = { type: 'AbortSignature' as const, step: 'engagement' as const, at: 'now' };
    const events = signaturesDecider.decide(abort, fold(signaturesDecider, requested('t1')));
    expect(fold(signaturesDecider, [...requested('t1'), ...events]).requests).toEqual({});
    spec.given([]).when(abort).thenThrows(SIGNATURE_MESSAGES.notFound, 'notFound');
  });
});
