import type { Locator, Page } from 'playwright-core';

/** A token for setting up data through the API, as the given account. */
export async function apiToken(url: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${url}/v1/login-partner`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { token: string };
  return body.token;
}

export async function apiCall<T>(
  url: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${url}/v1${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

export const LILLE = {
  label: 'Lille',
  lat: 50.6292,
  lng: 3.0573,
  city: 'Lille',
  postcode: '59000',
};

/** Creates a project through the API; answers its id. */
export async function createProject(
  url: string,
  token: string,
  email: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const { _id } = await apiCall<{ _id: string }>(url, token, 'POST', '/customer', {
    email,
    firstName: 'Test',
    lastName: 'E2E',
    company: 'Acme',
    actualCity: 'Lille',
    fromAddressObject: LILLE,
    ...extra,
  });
  return _id;
}

export const column = (page: Page, stage: string): Locator => page.getByTestId(`column-${stage}`);

export const tileIn = (page: Page, stage: string, id: string): Locator =>
  column(page, stage).locator(`[data-project-id="${id}"]`);

/** Drags with the mouse (dnd-kit's pointer sensor needs a few intermediate moves). */
export async function dragTo(page: Page, source: Locator, target: Locator): Promise<void> {
  const from = await source.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('drag: element not visible');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + Math.min(60, to.height / 2), { steps: 15 });
  await page.mouse.up();
}

/** Narrows the board to one project (the search matches the e-mail). */
export async function searchBoard(page: Page, text: string): Promise<void> {
  const answered = page.waitForResponse(
    (r) => r.url().endsWith('/v1/leases') && (r.request().postData() ?? '').includes(text),
  );
  await page.getByLabel('Rechercher un projet').fill(text);
  await answered;
}
