// The console's JS fetched before each main route's first screen (issue 17 point 3), read from
// the build's chunk graph (console/dist/.vite/manifest.json) and the built files, gzip -9.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const LAYOUT = 'src/app/layouts/DefaultLayout.tsx';
const PROJECT = 'src/features/projects/page/ProjectPage.tsx';
const project = (tab, module) => ({
  route: `/project/:id/${tab}`,
  modules: [LAYOUT, PROJECT, module],
});

/**
 * The main routes and the lazily loaded modules (manifest keys) that draw their first screen,
 * beside the entry (index.html's script and its static imports). `after`: lazy parts the screen
 * fetches once it is up (shown with a placeholder meanwhile), reported apart.
 */
export const CONSOLE_ROUTES = [
  { route: '/ (login)', modules: ['src/features/auth/pages/LoginPage.tsx'] },
  { route: '/reloc (board)', modules: [LAYOUT, 'src/features/projects/board/BoardPage.tsx'] },
  { route: '/project/:id', modules: [LAYOUT, PROJECT] },
  project('tenant', 'src/features/projects/page/components/TenantTab.tsx'),
  project('proposals', 'src/features/proposals/pages/ProposalsTab.tsx'),
  project('visits', 'src/features/proposals/pages/VisitsTab.tsx'),
  project('documents', 'src/features/documents/components/DocumentsTab.tsx'),
  project('admin', 'src/features/projects/page/components/AdminTab.tsx'),
  project('history', 'src/features/audit/FileHistoryTab.tsx'),
  { route: '/prospects', modules: [LAYOUT, 'src/features/prospects/index.ts'] },
  { route: '/announcements', modules: [LAYOUT, 'src/features/announcements/index.ts'] },
  { route: '/hosts', modules: [LAYOUT, 'src/features/hosts/index.ts'] },
  { route: '/billing', modules: [LAYOUT, 'src/features/billing/index.ts'] },
  {
    route: '/dashboard',
    modules: [LAYOUT, 'src/features/dashboard/index.ts'],
    after: ['src/features/dashboard/charts/NivoCharts.tsx'],
  },
  { route: '/admin', modules: [LAYOUT, 'src/features/admin/AdminPage.tsx'] },
  { route: '/help', modules: [LAYOUT, 'src/features/knowledge/index.ts'] },
  { route: '/notifications', modules: [LAYOUT, 'src/features/notifications/index.ts'] },
];

/**
 * Per route: the files fetched before its first screen (the entry's static closure, then each
 * listed module's), their raw and gzip sizes. Null when the console is not built (or was built
 * without its manifest). Throws when a listed module is not a lazily loaded chunk of the build:
 * the table above must follow src/app/routes.tsx.
 */
export function consoleFirstScreens(dist, routes = CONSOLE_ROUTES) {
  const manifestFile = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return null;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const sizes = new Map();
  const size = (file) => {
    if (!sizes.has(file)) {
      const bytes = readFileSync(join(dist, file));
      sizes.set(file, { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
    }
    return sizes.get(file);
  };
  const closure = (key, seen) => {
    if (seen.has(key)) return seen;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`console manifest: no chunk ${key}`);
    seen.add(key);
    for (const next of chunk.imports ?? []) closure(next, seen);
    return seen;
  };
  const measure = (keys) => {
    const files = [...new Set([...keys].map((key) => manifest[key].file))];
    return {
      files: files.length,
      raw: files.reduce((sum, file) => sum + size(file).raw, 0),
      gzip: files.reduce((sum, file) => sum + size(file).gzip, 0),
      list: files,
    };
  };
  // index.html's script, and app/start.tsx (an entry of its own that the first imports at once
  // and the page preloads): both load before any screen.
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (!entries.length) throw new Error('console manifest: no entry');
  const base = new Set();
  for (const entry of entries) closure(entry, base);
  const lazy = (key) => {
    if (!manifest[key]?.isDynamicEntry)
      throw new Error(`console manifest: ${key} is not a lazily loaded chunk (see CONSOLE_ROUTES)`);
    return key;
  };
  const measured = routes.map(({ route, modules, after = [] }) => {
    const keys = new Set(base);
    for (const module of modules) closure(lazy(module), keys);
    const first = measure(keys);
    const then = new Set(keys);
    for (const module of after) closure(lazy(module), then);
    const afterGzip = after.length ? measure(then).gzip - first.gzip : 0;
    return {
      route,
      files: first.files,
      raw: first.raw,
      gzip: first.gzip,
      afterGzip,
      list: first.list,
    };
  });
  const worst = measured.reduce((a, b) => (b.gzip > a.gzip ? b : a));
  const everyFile = new Set([...measured.flatMap((r) => r.list)]);
  return {
    entry: measure(base),
    routes: measured.map((r) => ({
      route: r.route,
      files: r.files,
      raw: r.raw,
      gzip: r.gzip,
      afterGzip: r.afterGzip,
    })),
    worst: { route: worst.route, files: worst.files, raw: worst.raw, gzip: worst.gzip },
    precompressed: [...everyFile].every(
      (file) => existsSync(join(dist, `${file}.br`)) && existsSync(join(dist, `${file}.gz`)),
    ),
  };
}

const kB = (bytes) => (bytes / 1024).toFixed(1);

/** One line per route, worst first. */
export function consoleWeightTable(result, table) {
  const rows = [...result.routes].sort((a, b) => b.gzip - a.gzip);
  return table(
    [
      ['Console route (JS before its first screen)', 'gzip kB', 'raw kB', 'files', 'then (lazy)'],
      ...rows.map((r) => [
        r.route,
        kB(r.gzip),
        kB(r.raw),
        String(r.files),
        r.afterGzip ? `+${kB(r.afterGzip)} kB` : '',
      ]),
      [
        '(entry alone)',
        kB(result.entry.gzip),
        kB(result.entry.raw),
        String(result.entry.files),
        '',
      ],
    ],
    'lrrrl',
  );
}
