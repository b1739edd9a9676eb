import { deciderSpec } from '../testing/decider-spec';
import { FILE_MESSAGES, MAX_UPLOAD_BYTES, acceptedUpload, sniffFileType } from './file';
import { FileCommand, StoreFile, cleanFileName, fileDecider } from './file.decider';

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(
    parts.flatMap((part) =>
      typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part,
    ),
  );

describe('sniffFileType: the magic bytes decide, not the declared mime', () => {
  it.each([
    ['image/png', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])],
    ['image/jpeg', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])],
    ['image/gif', bytes('GIF89a', [1, 0])],
    ['image/gif', bytes('GIF87a')],
    ['image/webp', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 ')],
    ['application/pdf', bytes('%PDF-1.7\n')],
  ])('%s', (type, data) => {
    expect(sniffFileType(data)).toBe(type);
  });

  it('recognises nothing else', () => {
    expect(sniffFileType(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffFileType(bytes('RIFF', [0, 0, 0, 0], 'WAVE'))).toBeNull();
    expect(sniffFileType(bytes([0x89, 0x50]))).toBeNull();
    expect(sniffFileType(new Uint8Array())).toBeNull();
  });

  it('images only for type=image; images and PDFs for type=files', () => {
    expect(acceptedUpload('image', 'image/webp')).toBeNull();
    expect(acceptedUpload('image', 'application/pdf')).toBe(FILE_MESSAGES.imagesOnly);
    expect(acceptedUpload('image', null)).toBe(FILE_MESSAGES.imagesOnly);
    expect(acceptedUpload('files', 'application/pdf')).toBeNull();
    expect(acceptedUpload('files', null)).toBe('Seul les images et les pdf sont acceptés');
  });
});

describe('fileDecider', () => {
  const spec = deciderSpec(fileDecider);
  const store = (over: Partial<StoreFile> = {}): FileCommand => ({
    type: 'StoreFile',
    fileId: '6740a1b2c3d4e5f601230001',
    hash: 'a'.repeat(64),
    name: 'C:\\photos\\façade.png',
    mime: 'image/png',
    size: 1234,
    kind: 'image',
    target: ' 6740a1b2c3d4e5f60123abcd ',
    uploaderId: 'u1',
    at: '2026-11-23T09:00:00.000Z',
    ...over,
  });

  it('records the file with a clean name and its target', () => {
    spec
      .given([])
      .when(store())
      .then([
        {
          type: 'FileStored',
          data: {
            fileId: '6740a1b2c3d4e5f601230001',
            hash: 'a'.repeat(64),
            name: 'façade.png',
            mime: 'image/png',
            size: 1234,
            kind: 'image',
            target: '6740a1b2c3d4e5f60123abcd',
            uploaderId: 'u1',
            at: '2026-11-23T09:00:00.000Z',
          },
        },
      ]);
  });

  it('refuses what the kind does not accept, an empty or oversized file, and a second write', () => {
    spec
      .given([])
      .when(store({ mime: 'application/pdf' }))
      .thenThrows(FILE_MESSAGES.imagesOnly);
    spec
      .given([])
      .when(store({ kind: 'files', mime: null }))
      .thenThrows(FILE_MESSAGES.imagesAndPdf);
    spec
      .given([])
      .when(store({ size: 0 }))
      .thenThrows(FILE_MESSAGES.noFile);
    spec
      .given([])
      .when(store({ size: MAX_UPLOAD_BYTES + 1 }))
      .thenThrows(FILE_MESSAGES.tooBig);
    const stored = fileDecider.decide(store(), fileDecider.initialState());
    spec.given(stored).when(store()).thenThrows('Ce dossier existe déjà', 'conflict');
  });

  it('folds to the stored file', () => {
    const [event] = fileDecider.decide(store(), fileDecider.initialState());
    expect(fileDecider.evolve(fileDecider.initialState(), event)).toMatchObject({
      _id: '6740a1b2c3d4e5f601230001',
      mime: 'image/png',
      uploadedAt: '2026-11-23T09:00:00.000Z',
      revision: 0,
    });
  });

  it('cleans names', () => {
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('a\u0000b\nc.pdf')).toBe('abc.pdf');
    expect(cleanFileName('   ')).toBe('fichier');
  });
});
