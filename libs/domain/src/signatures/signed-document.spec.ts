import { documentsDecider } from '../documents/documents.decider';
import { fold } from '../shared/decider';
import { newObjectId } from '../shared/ids';
import { SignatureRequest } from './signature-request';
import { fileSignedDocumentCommand, projectSignatures } from './signed-document';

const AT = '2026-11-22T10:00:00.000Z';
const PROJECT = '6740a1b2c3d4e5f601234567';
const HASH = 'a'.repeat(64);
const ids = () => Array.from({ length: 40 }, () => newObjectId());
const request = (step: SignatureRequest['step'], finalHash: string | null = HASH) =>
  ({
    _id: newObjectId(),
    projectId: PROJECT,
    step,
    status: finalHash ? 'ARCHIVED' : 'OPEN',
    transactionId: newObjectId(),
    provider: 'builtin',
    error: false,
    errorReason: null,
    instances: [],
    properties: [],
    templateId: newObjectId(),
    documentHash: 'b'.repeat(64),
    documentName: 'Engagement.pdf',
    externalId: null,
    finalHash,
    proofHash: finalHash,
    createdAt: AT,
    signedAt: finalHash ? AT : null,
  }) as SignatureRequest;

describe('the signed PDF is filed among the documents (issue 15 point 16)', () => {
  it('given documents never opened, when an archived request is filed, then the tenant folder holds it', () => {
    const command = fileSignedDocumentCommand(request('engagement'), 1234, ids(), AT);
    expect(command).not.toBeNull();
    const events = documentsDecider.decide(command!, documentsDecider.initialState());
    const state = fold(documentsDecider, events);
    const filed = state.documents.find((d) => d.title === "Lettre d'engagement (signé)");
    expect(filed).toMatchObject({ type: 'file', documentType: 'autres' });
    expect(filed!.files).toEqual([
      expect.objectContaining({
        hash: HASH,
        mime: 'application/pdf',
        size: 1234,
        name: 'Engagement - signé.pdf',
      }),
    ]);
    const folder = state.documents.find((d) => d._id === filed!.parentFolder);
    expect(folder?.title).toBe('Dossier Locatif');
    // Filed once per signed blob: a retried job writes nothing.
    const again = fileSignedDocumentCommand(request('engagement'), 1234, ids(), AT)!;
    expect(documentsDecider.decide(again, state)).toEqual([]);
  });

  it('files nothing while the request is not archived; mission goes under crmission', () => {
    expect(fileSignedDocumentCommand(request('visits', null), 10, ids(), AT)).toBeNull();
    expect(fileSignedDocumentCommand(request('mission'), 10, ids(), AT)?.documentType).toBe(
      'crmission',
    );
  });

  it("lists the record's signatures in step order", () => {
    const views = projectSignatures([request('mission'), request('engagement', null)]);
    expect(views.map((v) => [v.step, v.status])).toEqual([
      ['engagement', 'OPEN'],
      ['mission', 'ARCHIVED'],
    ]);
  });
});
