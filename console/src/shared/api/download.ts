import { API_BASE, ApiError, refreshSession, type QueryValue } from './client';
import { getToken } from './token';

function urlOf(path: string, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const qs = params.toString();
  return `${API_BASE}${path.startsWith('/') ? path : `/${path}`}${qs ? `?${qs}` : ''}`;
}

/** The file name of a `Content-Disposition` header (RFC 5987 `filename*` first). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // badly encoded: try the plain form
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1].trim() : fallback;
}

async function fetchFile(url: string, token: string | null): Promise<Response> {
  try {
    return await fetch(url, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      credentials: 'include',
    });
  } catch {
    throw new ApiError(0, 'Network error');
  }
}

export type FetchedFile = { blob: Blob; name: string };

/**
 * Reads a file of the API (a PDF…) as a blob with the session's bearer token (an `<a href>`,
 * `<iframe src>` or `<img src>` cannot carry it). An expired token is refreshed once. Throws
 * ApiError on a non-2xx answer, with the server's message when it sent one.
 */
export async function fetchFileBlob(
  path: string,
  fallbackName: string,
  query?: Record<string, QueryValue>,
): Promise<FetchedFile> {
  const url = urlOf(path, query);
  let response = await fetchFile(url, getToken());
  if (response.status === 401) {
    const fresh = await refreshSession();
    if (fresh) response = await fetchFile(url, fresh);
  }
  if (!response.ok) {
    let message = `HTTP ${response.status}`;
    try {
      const body = (await response.json()) as { message?: unknown };
      if (typeof body.message === 'string') message = body.message;
    } catch {
      // not JSON: keep the status line
    }
    throw new ApiError(response.status, message);
  }
  const name = fileNameOf(response.headers.get('Content-Disposition'), fallbackName);
  return { blob: await response.blob(), name };
}

/**
 * Downloads a file of the API (a PDF export…) with the session's bearer token: the answer is
 * read as a blob and saved through a temporary `<a download>` (an `<a href>` cannot carry the
 * token). An expired token is refreshed once. Throws ApiError on a non-2xx answer.
 */
export async function downloadFile(
  path: string,
  fallbackName: string,
  query?: Record<string, QueryValue>,
): Promise<string> {
  const { blob, name } = await fetchFileBlob(path, fallbackName, query);
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = name;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the URL is released.
  window.setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
  return name;
}
