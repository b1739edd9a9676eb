import { apiCall, createProject } from './projects';

/** One page of each route of the console (spec §2), with data to show. */
export async function everyRoute(url: string, token: string): Promise<string[]> {
  const projectId = await createProject(url, token, `routes.${Date.now()}@exemple.fr`);
  const { _id: prospectId } = await apiCall<{ _id: string }>(url, token, 'POST', '/prospects', {
    name: `Prospect routes ${Date.now()}`,
  });
  const { _id: hostId } = await apiCall<{ _id: string }>(url, token, 'POST', '/hosts', {});
  return [
    '/notifications',
    '/admin',
    '/help',
    '/about',
    '/reloc',
    '/sales',
    '/compta',
    '/prospects',
    '/announcements',
    '/billing',
    '/hosts',
    `/host/${hostId}`,
    '/dashboard',
    ...['', '/tenant', '/proposals', '/visits', '/documents', '/admin', '/history'].map(
      (tab) => `/project/${projectId}${tab}`,
    ),
    ...['', '/admin', '/history'].map((tab) => `/prospect/${prospectId}${tab}`),
  ];
}

/** Waits until the page has drawn its data: nothing busy, no 'Chargement…' left. */
export async function settled(page: import('playwright-core').Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document.querySelector('#root')?.childElementCount &&
        !document.querySelector('[aria-busy="true"]') &&
        !/Chargement/.test(document.body.innerText),
      undefined,
      { timeout: 10_000, polling: 200 },
    )
    .catch(() => undefined);
}
