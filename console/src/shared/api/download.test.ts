import { ApiError } from './client';
import { downloadFile, fileNameOf } from './download';
import { setToken } from './token';

type Seen = { url: string; headers: Record<string, string> };

function stubFileFetch(status: number, disposition: string | null): Seen[] {
  const seen: Seen[] = [];
  const fetchStub = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    seen.push({ url: String(input), headers: { ...(init.headers as Record<string, string>) } });
    return {
      ok: status >= 200 && status < 300,
      status,
      headers: { get: (name: string) => (name === 'Content-Disposition' ? disposition : null) },
      blob: async () => new Blob(['%PDF-1.7'], { type: 'application/pdf' }),
    } as unknown as Response;
  });
  Object.defineProperty(window, 'fetch', { value: fetchStub, configurable: true, writable: true });
  return seen;
}

describe('downloadFile', () => {
  beforeEach(() => {
    setToken('tok');
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:x'), revokeObjectURL: jest.fn() });
  });

  it('reads the file name of Content-Disposition', () => {
    expect(fileNameOf('attachment; filename="visites-durand.pdf"', 'f.pdf')).toBe(
      'visites-durand.pdf',
    );
    expect(fileNameOf("attachment; filename*=UTF-8''propositions%20%C3%A9t%C3%A9.pdf", 'f')).toBe(
      'propositions été.pdf',
    );
    expect(fileNameOf(null, 'f.pdf')).toBe('f.pdf');
  });

  it('fetches with the bearer token and saves through a temporary link', async () => {
    const seen = stubFileFetch(200, 'attachment; filename="propositions.pdf"');
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const name = await downloadFile('/proposals/lease/p1/pdf/proposals', 'x.pdf', {
      liked: true,
    });
    expect(name).toBe('propositions.pdf');
    expect(seen).toEqual([
      {
        url: '/v1/proposals/lease/p1/pdf/proposals?liked=true',
        headers: { Authorization: 'Bearer tok' },
      },
    ]);
    expect(click).toHaveBeenCalledTimes(1);
    expect(document.querySelector('a[download]')).toBeNull();
    click.mockRestore();
  });

  it('throws an ApiError on a failed answer', async () => {
    stubFileFetch(500, null);
    await expect(downloadFile('/x', 'x.pdf')).rejects.toBeInstanceOf(ApiError);
  });
});
