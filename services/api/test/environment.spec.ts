import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

// infra/ENVIRONMENT.md lists every variable the code reads, and docker-compose.yml gives each
// service exactly the variables its own code reads (issue 18 point 7): a variable added to the
// code without its row, or passed to a service that never reads it, fails here.

const ROOT = join(__dirname, '..', '..', '..');

/** Variables the deployed services never need: the OS, tests, benchmarks, local tooling. */
const NOT_DEPLOYED = new Set([
  'PATH',
  'NODE_ENV', // set by the Dockerfiles
  'REQUIRE_SERVICES',
  'RELOC_TEST_POSTGRES_URL',
  'RELOC_PROJECTOR_DELAY_MS',
]);
/** Set by the images' Dockerfiles rather than by docker-compose.yml. */
const SET_BY_IMAGE: Record<string, string[]> = {
  api: ['PORT', 'RELOC_DATA_DIR', 'RELOC_CONSOLE_DIR'],
  worker: ['RELOC_DATA_DIR', 'RELOC_WORKER_HEALTH_PORT'],
};

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  if (!statSync(dir).isDirectory()) return [dir];
  const files: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist' || name === 'testing') continue;
    if (statSync(path).isDirectory()) files.push(...sourceFiles(path));
    else if (/\.(ts|tsx|mjs|js)$/.test(name) && !/\.(spec|test|e2e)\.[a-z]+$/.test(name))
      files.push(path);
  }
  return files;
}

/** Names read as `env.NAME`, `env['NAME']` or `process.env.NAME` in these folders. */
function variablesReadIn(...dirs: string[]): Set<string> {
  const names = new Set<string>();
  for (const file of dirs.flatMap((dir) => sourceFiles(join(ROOT, dir)))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(
      /\benv(?:\.([A-Z][A-Z0-9_]+)|\[['"]([A-Z][A-Z0-9_]+)['"]\])/g,
    ))
      names.add(match[1] ?? match[2]);
  }
  return names;
}

const libs = readdirSync(join(ROOT, 'libs')).map((name) => `libs/${name}/src`);
const readByApi = variablesReadIn('services/api/src', ...libs);
const readByWorker = variablesReadIn('services/worker/src', 'libs/eventstore/src');
const readAnywhere = new Set([
  ...readByApi,
  ...readByWorker,
  ...variablesReadIn('console/src', 'console/vite.config.ts', 'infra/scripts'),
]);
// The benchmarks' own variables (BENCH_*) are listed in bench/README.md.

const documented = new Set(
  [
    ...readFileSync(join(ROOT, 'infra', 'ENVIRONMENT.md'), 'utf8').matchAll(/^\| `([A-Z0-9_]+)`/gm),
  ].map((match) => match[1]),
);

const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, { environment?: Record<string, unknown> }>;
};
const composeEnv = (service: string) =>
  new Set(Object.keys(compose.services[service].environment ?? {}));

describe('environment variables', () => {
  it('infra/ENVIRONMENT.md has a row for every variable the code reads', () => {
    const missing = [...readAnywhere].filter((name) => name !== 'PATH' && !documented.has(name));
    expect(missing).toEqual([]);
  });

  it.each([
    ['api', readByApi],
    ['worker', readByWorker],
  ])('docker-compose.yml gives the %s every variable it reads, and only those', (service, read) => {
    const given = composeEnv(service);
    const fromImage = new Set(SET_BY_IMAGE[service]);
    const absent = [...read].filter(
      (name) => !NOT_DEPLOYED.has(name) && !fromImage.has(name) && !given.has(name),
    );
    const unused = [...given].filter((name) => !read.has(name));
    expect({ absent, unused }).toEqual({ absent: [], unused: [] });
  });
});
