import { fold } from '../shared/decider';
import { deciderSpec } from '../testing/decider-spec';
import {
  DOCUMENT_PACKS,
  DOCUMENT_TYPES,
  DOCUMENT_TYPE_LABELS,
  DocumentFile,
  ProjectDocuments,
  expectedFileCount,
  orderedDocuments,
} from './document';
import {
  DocumentsCommand,
  DocumentsEvent,
  documentsDecider,
  uniqueFolderTitle,
} from './documents.decider';
import { documentReadiness } from './readiness';

const PROJECT = '6740a1b2c3d4e5f601230000';
const AT = '2026-11-23T09:00:00.000Z';
const LATER = '2026-11-24T09:00:00.000Z';
const id = (n: number) => `6740a1b2c3d4e5f6012${String(n).padStart(5, '0')}`;
const ids = (from: number, count = 16) => Array.from({ length: count }, (_, i) => id(from + i));

const spec = deciderSpec(documentsDecider);
const decide = (events: DocumentsEvent[], command: DocumentsCommand) =>
  documentsDecider.decide(command, fold(documentsDecider, events));
const stateOf = (events: DocumentsEvent[]): ProjectDocuments => fold(documentsDecider, events);
const then = (events: DocumentsEvent[], ...commands: DocumentsCommand[]) =>
  commands.reduce((all, command) => [...all, ...decide(all, command)], events);

const ensure: DocumentsCommand = {
  type: 'EnsureDefaultFolders',
  projectId: PROJECT,
  ids: ids(100),
  at: AT,
};
const opened = decide([], ensure);
const folderIds = () => stateOf(opened).documents.filter((d) => d.type === 'folder');
const slot = (type: string, folder = 'Dossier Locatif') => {
  const state = stateOf(opened);
  const parent = state.documents.find((d) => d.title === folder);
  const found = state.documents.find(
    (d) => d.parentFolder === parent?._id && d.documentType === type,
  );
  if (!found) throw new Error(`no slot ${type}`);
  return found;
};
const file = (n: number, over: Partial<DocumentFile> = {}): DocumentFile => ({
  fileId: id(900 + n),
  name: `scan-${n}.pdf`,
  mime: 'application/pdf',
  size: 1000 + n,
  uploadedAt: AT,
  uploader: 'JBE',
  hash: String(n % 10).repeat(64),
  encrypted: true,
  ...over,
});
const attach = (
  documentId: string,
  n: number,
  over: Partial<DocumentFile> = {},
): DocumentsCommand => ({
  type: 'AttachFile',
  documentId,
  file: file(n, over),
  at: LATER,
});

describe('document types, labels and packs (§3, §9)', () => {
  it('labels every type in French and expects 3 payslips, 2 tax notices, otherwise 1', () => {
    for (const type of DOCUMENT_TYPES) expect(DOCUMENT_TYPE_LABELS[type]).toBeTruthy();
    expect(DOCUMENT_TYPE_LABELS.wages).toBe('3 derniers bulletins de salaire');
    expect(DOCUMENT_TYPE_LABELS.impots).toBe("2 derniers avis d'imposition");
    expect(DOCUMENT_TYPE_LABELS.justif_dom).toBe('Justificatif de domicile de moins de 3 mois');
    expect([expectedFileCount('wages'), expectedFileCount('impots')]).toEqual([3, 2]);
    expect(expectedFileCount('identity')).toBe(1);
    expect(DOCUMENT_PACKS['Autre garant']).toEqual(['attestation_autre_garant']);
  });
});

describe('EnsureDefaultFolders', () => {
  it("creates 'Dossier Locatif' (Locataire) and 'Dossier Garant' (Garant physique) with one required slot per type", () => {
    const state = stateOf(opened);
    const list = orderedDocuments(state.documents);
    expect(list.map((d) => [d.type, d.title, d.pack, d.documentType, d.required])).toEqual([
      ['folder', 'Dossier Locatif', 'Locataire', null, false],
      ['file', "Pièce d'identité", null, 'identity', true],
      ['file', '3 derniers bulletins de salaire', null, 'wages', true],
      ['file', "2 derniers avis d'imposition", null, 'impots', true],
      ['file', 'Justificatif de domicile de moins de 3 mois', null, 'justif_dom', true],
      ['file', 'Contrat de travail', null, 'contrat_travail', true],
      ['folder', 'Dossier Garant', 'Garant physique', null, false],
      ['file', "Pièce d'identité", null, 'identity', true],
      ['file', '3 derniers bulletins de salaire', null, 'wages', true],
      ['file', "2 derniers avis d'imposition", null, 'impots', true],
      ['file', 'Justificatif de domicile de moins de 3 mois', null, 'justif_dom', true],
    ]);
    expect(new Set(state.documents.map((d) => d._id)).size).toBe(11);
    expect(state.documents.every((d) => d.leaseId === PROJECT)).toBe(true);
  });

  it('is idempotent, even after the default folders were removed', () => {
    spec.given(opened).when(ensure).thenNothing();
    const removed = then(opened, {
      type: 'RemoveDocument',
      documentId: folderIds()[1]._id,
      at: LATER,
    });
    spec.given(removed).when(ensure).thenNothing();
  });
});

describe('CreateFolder and CreateFile', () => {
  it("makes folder names unique by numeric suffix: 'Dossier Garant' → 'Dossier Garant 2', then 3", () => {
    const create = (n: number, name: string): DocumentsCommand => ({
      type: 'CreateFolder',
      projectId: PROJECT,
      documentId: id(n),
      name,
      at: LATER,
    });
    const events = then(opened, create(1, ' Dossier  Garant '), create(2, 'dossier garant'));
    expect(
      stateOf(events)
        .documents.filter((d) => d.type === 'folder')
        .map((d) => d.title),
    ).toEqual(['Dossier Locatif', 'Dossier Garant', 'Dossier Garant 2', 'dossier garant 3']);
    expect(uniqueFolderTitle('Impôts', [])).toBe('Impôts');
    spec.given(opened).when(create(3, '  ')).thenThrows('Le nom est obligatoire', 'invalid');
  });

  it('needs an existing folder, refuses the generated-only types; every document is encrypted', () => {
    const createFile = (over: Partial<Extract<DocumentsCommand, { type: 'CreateFile' }>>) =>
      ({
        type: 'CreateFile',
        projectId: PROJECT,
        documentId: id(10),
        folderId: folderIds()[0]._id,
        name: 'Quittance',
        documentType: null,
        at: LATER,
        ...over,
      }) as DocumentsCommand;
    spec
      .given(opened)
      .when(createFile({ folderId: undefined }))
      .thenThrows('Un document doit être rangé dans un dossier', 'invalid');
    spec
      .given(opened)
      .when(createFile({ folderId: id(999) }))
      .thenThrows('Introuvable', 'notFound');
    spec
      .given(opened)
      .when(createFile({ folderId: slot('identity')._id }))
      .thenThrows("Ce document n'est pas un dossier", 'invalid');
    for (const documentType of ['eligibilite', 'crmission', 'mobilipass'] as const)
      spec
        .given(opened)
        .when(createFile({ documentType }))
        .thenThrows('Ce type de document ne peut pas être ajouté à la main', 'invalid');
    // The console's way: no encrypted flag (issue 14: encryption is not the client's choice).
    const events = then(opened, createFile({ documentType: 'bail' }));
    const created = stateOf(events).documents.find((d) => d._id === id(10));
    expect(created).toMatchObject({
      type: 'file',
      title: 'Quittance',
      parentFolder: folderIds()[0]._id,
      documentType: 'bail',
      required: false,
      meta: { encrypted: true },
    });
    // The list puts it after its folder's slots, before the next folder.
    expect(orderedDocuments(stateOf(events).documents)[6]._id).toBe(id(10));
  });
});

describe('SetFolderPack', () => {
  it('adds the missing slots and removes empty required slots not in the new pack; filled ones stay, optional', () => {
    const garant = folderIds()[1]._id;
    const withPayslip = then(opened, attach(slot('wages', 'Dossier Garant')._id, 1));
    const events = then(withPayslip, {
      type: 'SetFolderPack',
      folderId: garant,
      pack: 'Autre garant',
      ids: ids(300),
      at: LATER,
    });
    const inFolder = stateOf(events).documents.filter((d) => d.parentFolder === garant);
    expect(inFolder.map((d) => [d.documentType, d.required, d.files.length])).toEqual([
      ['wages', false, 1],
      ['attestation_autre_garant', true, 0],
    ]);
    expect(stateOf(events).documents.find((d) => d._id === garant)?.pack).toBe('Autre garant');
    spec
      .given(events)
      .when({ type: 'SetFolderPack', folderId: garant, pack: 'Autre garant', ids: [], at: LATER })
      .thenNothing();
    spec
      .given(opened)
      .when({
        type: 'SetFolderPack',
        folderId: slot('identity')._id,
        pack: 'Locataire',
        ids: [],
        at: LATER,
      })
      .thenThrows('Seul un dossier peut recevoir un pack', 'invalid');
  });
});

describe('AttachFile', () => {
  it('records the file (blob hash, encrypted flag, uploader), oldest first', () => {
    const wages = slot('wages')._id;
    const events = then(opened, attach(wages, 1), attach(wages, 2, { name: 'C:\\scans\\mai.pdf' }));
    const files = stateOf(events).documents.find((d) => d._id === wages)?.files;
    expect(files?.map((f) => [f.fileId, f.name, f.hash, f.encrypted, f.uploader])).toEqual([
      [id(901), 'scan-1.pdf', '1'.repeat(64), true, 'JBE'],
      [id(902), 'mai.pdf', '2'.repeat(64), true, 'JBE'],
    ]);
  });

  it('takes new (encrypted) files on a document created unencrypted before issue 14', () => {
    const legacy: DocumentsEvent = {
      type: 'DocumentFileCreated',
      data: {
        projectId: PROJECT,
        documentId: id(30),
        folderId: folderIds()[0]._id,
        title: 'Avis d’impôt',
        documentType: 'impots',
        required: false,
        encrypted: false,
        at: AT,
      },
    };
    const events = then([...opened, legacy], attach(id(30), 1));
    const document = stateOf(events).documents.find((d) => d._id === id(30));
    expect(document?.files.map((f) => f.encrypted)).toEqual([true]);
  });

  it('refuses a folder, an unknown document, a type other than images and PDF, a clear file', () => {
    spec
      .given(opened)
      .when(attach(folderIds()[0]._id, 1))
      .thenThrows('Un fichier se dépose sur un document, pas sur un dossier', 'invalid');
    spec
      .given(opened)
      .when(attach(id(999), 1))
      .thenThrows('Introuvable', 'notFound');
    spec
      .given(opened)
      .when(attach(slot('identity')._id, 1, { mime: null as unknown as 'application/pdf' }))
      .thenThrows('Seul les images et les pdf sont acceptés', 'invalid');
    spec
      .given(opened)
      .when(attach(slot('identity')._id, 1, { encrypted: false }))
      .thenThrows('Un document est toujours stocké chiffré', 'invalid');
    spec
      .given(opened)
      .when(attach(slot('identity')._id, 1, { size: 16 * 1024 * 1024 + 1 }))
      .thenThrows('Le fichier est trop gros (maxi 16Mo)', 'invalid');
  });
});

describe('RemoveFiles and RemoveDocument', () => {
  const wages = () => slot('wages')._id;
  const filled = () => then(opened, attach(wages(), 1), attach(wages(), 2));

  it('removes one file, or all of them', () => {
    const one = then(filled(), {
      type: 'RemoveFiles',
      documentId: wages(),
      fileId: id(901),
      at: LATER,
    });
    expect(
      stateOf(one)
        .documents.find((d) => d._id === wages())
        ?.files.map((f) => f.fileId),
    ).toEqual([id(902)]);
    spec
      .given(filled())
      .when({ type: 'RemoveFiles', documentId: wages(), fileId: id(999), at: LATER })
      .thenThrows('Fichier introuvable', 'notFound');
    spec
      .given(filled())
      .when({ type: 'RemoveFiles', documentId: wages(), fileId: null, at: LATER })
      .then([
        {
          type: 'DocumentFilesRemoved',
          data: { documentId: wages(), fileIds: [id(901), id(902)], at: LATER },
        },
      ]);
    spec
      .given(opened)
      .when({ type: 'RemoveFiles', documentId: wages(), fileId: null, at: LATER })
      .thenNothing();
  });

  it('keeps a required slot (it only loses its files); removes a folder with its documents', () => {
    spec
      .given(filled())
      .when({ type: 'RemoveDocument', documentId: wages(), at: LATER })
      .then([
        {
          type: 'DocumentFilesRemoved',
          data: { documentId: wages(), fileIds: [id(901), id(902)], at: LATER },
        },
      ]);
    const locatif = folderIds()[0]._id;
    const events = then(filled(), { type: 'RemoveDocument', documentId: locatif, at: LATER });
    const left = stateOf(events).documents;
    expect(left.some((d) => d._id === locatif || d.parentFolder === locatif)).toBe(false);
    expect(left.map((d) => d.title)[0]).toBe('Dossier Garant');
    spec
      .given(events)
      .when({ type: 'RemoveDocument', documentId: locatif, at: LATER })
      .thenThrows('Introuvable', 'notFound');
  });

  it('removes a document added by hand', () => {
    const events = then(opened, {
      type: 'CreateFile',
      projectId: PROJECT,
      documentId: id(20),
      folderId: folderIds()[0]._id,
      name: 'Autre',
      documentType: 'autres',
      at: LATER,
    });
    const after = then(events, { type: 'RemoveDocument', documentId: id(20), at: LATER });
    expect(stateOf(after).documents.some((d) => d._id === id(20))).toBe(false);
  });
});

describe('documentReadiness and the override', () => {
  it("is 'incomplete' with every missing slot, its folder and the files still expected", () => {
    const readiness = documentReadiness(stateOf(opened).documents, false);
    expect(readiness.status).toBe('incomplete');
    expect(readiness.overridden).toBe(false);
    expect(readiness.missing).toHaveLength(9);
    expect(readiness.missing[1]).toEqual({
      documentId: slot('wages')._id,
      folder: 'Dossier Locatif',
      documentType: 'wages',
      label: '3 derniers bulletins de salaire',
      missingFiles: 3,
    });
    const partly = then(opened, attach(slot('wages')._id, 1), attach(slot('wages')._id, 2));
    expect(documentReadiness(stateOf(partly).documents, false).missing[1].missingFiles).toBe(1);
  });

  it("is 'incomplete-submission' with the override, 'ok' once every slot is filled", () => {
    const override = then(opened, {
      type: 'SetDocumentsOverride',
      override: true,
      by: 'CMA',
      at: LATER,
    });
    expect(stateOf(override).overridden).toBe(true);
    expect(documentReadiness(stateOf(override).documents, true).status).toBe(
      'incomplete-submission',
    );
    spec
      .given(override)
      .when({ type: 'SetDocumentsOverride', override: true, by: 'CMA', at: LATER })
      .thenNothing();
    let n = 0;
    const commands = stateOf(opened)
      .documents.filter((d) => d.required)
      .flatMap((d) =>
        Array.from({ length: expectedFileCount(d.documentType) }, () => attach(d._id, ++n)),
      );
    const full = then(opened, ...commands);
    expect(documentReadiness(stateOf(full).documents, false)).toEqual({
      status: 'ok',
      missing: [],
      overridden: false,
    });
    expect(documentReadiness(stateOf(full).documents, true).status).toBe('ok');
    // Optional documents never count.
    expect(documentReadiness([], false).status).toBe('ok');
  });
});
