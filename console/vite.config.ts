import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv, type Plugin, type Rollup } from 'vite';

type OutputChunk = Rollup.OutputChunk;
import react from '@vitejs/plugin-react';

const lib = (name: string) =>
  fileURLToPath(new URL(`../libs/${name}/src/index.ts`, import.meta.url));

/**
 * Preloads app/start.tsx and its static imports from index.html too, as for the entry's own:
 * main.tsx imports it at once, and the browser fetches and compiles it meanwhile. Its CSS too.
 */
function preloadStart(): Plugin {
  return {
    name: 'reloc-preload-start',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return [];
        const chunks = new Map<string, OutputChunk>();
        for (const output of Object.values(bundle))
          if (output.type === 'chunk') chunks.set(output.fileName, output);
        const start = [...chunks.values()].find((chunk) => chunk.isEntry && chunk.name === 'start');
        if (!start) return [];
        const files = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file)) return;
          files.add(file);
          for (const next of chunks.get(file)?.imports ?? []) visit(next);
        };
        visit(start.fileName);
        // Its CSS (chakra-global.css) too, as a preload: a stylesheet link would hold main.tsx.
        const css = [...files].flatMap((file) => [
          ...(chunks.get(file)?.viteMetadata?.importedCss ?? []),
        ]);
        return [
          ...[...files]
            .filter((file) => !html.includes(`/${file}"`))
            .map((file) => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
              injectTo: 'head' as const,
            })),
          ...css.map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}

/**
 * Chakra's createSystem computes its global CSS (reset, global styles, every token's variable)
 * at once, and ChakraProvider has Emotion serialise, hash and insert it: the larger part of
 * Chakra's start-up work in a profile of the first screen. The console's is precomputed instead
 * (src/app/chakra-global.css, loaded by app/start.tsx; theme.test.ts checks it is what the system
 * writes), so the built createSystem leaves `_global` empty. Fails the build when Chakra's code
 * no longer has the line.
 */
function prebuiltChakraGlobalCss(): Plugin {
  const line = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
  return {
    name: 'reloc-prebuilt-chakra-global-css',
    transform(code, id) {
      if (!/@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/.test(id))
        return null;
      if (!code.includes(line))
        throw new Error(`${id}: '${line}' not found (see prebuiltChakraGlobalCss)`);
      return { code: code.replace(line, 'const _global = [];'), map: null };
    },
  };
}

// The mobile build (`vite build --mode mobile`, or VITE_MOBILE=1) goes to dist-mobile/ and turns
// on the wrapper messages, the offline banner and the info button.
export default defineConfig(({ mode }) => {
  const env = { ...loadEnv(mode, process.cwd(), 'VITE_'), ...process.env };
  const mobile = env.VITE_MOBILE === '1' || env.VITE_MOBILE === 'true';
  return {
    plugins: [react(), preloadStart(), prebuiltChakraGlobalCss()],
    define: {
      __RELOC_MOBILE__: JSON.stringify(mobile),
      __RELOC_PRIVACY_URL__: JSON.stringify(
        env.VITE_PRIVACY_POLICY_URL ?? 'https://www.reloc.fr/politique-de-confidentialite',
      ),
      __RELOC_PUBLIC_SITE_URL__: JSON.stringify(env.VITE_PUBLIC_SITE_URL || 'https://www.reloc.fr'),
    },
    resolve: {
      alias: {
        '@reloc/domain': lib('domain'),
        '@reloc/contracts': lib('contracts'),
      },
    },
    build: {
      outDir: mobile ? 'dist-mobile' : 'dist',
      emptyOutDir: true,
      sourcemap: true,
      // The only CSS is chakra-global.css, already minified as Emotion writes it: kept as is
      // (the minifier reorders declarations and drops the layer order statement).
      cssMinify: false,
      // dist/.vite/manifest.json: the chunk graph, read by the bench (each route's first screen).
      manifest: true,
      // Libraries change less often than the app: separate chunks stay cached across releases.
      rolldownOptions: {
        // app/start.tsx (the app, loaded by the small main.tsx) is an entry of its own: its
        // static imports are the first screen's code ('$initial' below), preloaded by the page.
        input: {
          index: fileURLToPath(new URL('index.html', import.meta.url)),
          start: fileURLToPath(new URL('src/app/start.tsx', import.meta.url)),
        },
        output: {
          codeSplitting: {
            groups: [
              {
                name: 'react',
                test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
                priority: 20,
              },
              {
                name: 'ui',
                test: /node_modules[\\/](@chakra-ui|@ark-ui|@zag-js|@emotion|@pandacss|@floating-ui|@internationalized)[\\/]/,
                // Only the parts the entry needs; a component only lazy screens use (tabs,
                // dialogs, radios…) goes with them instead of loading before the first screen.
                tags: ['$initial'],
                priority: 15,
              },
              // nivo and its d3 / react-spring: only the lazily loaded charts import them.
              {
                name: 'charts',
                test: /node_modules[\\/](@nivo|@react-spring|d3-[^\\/]+|internmap|delaunator|robust-predicates|lodash|react-virtualized-auto-sizer|use-debounce)[\\/]/,
                priority: 12,
              },
              // No catch-all vendor chunk: a library only a lazy screen uses stays with that
              // screen instead of loading before the first one.
            ],
          },
        },
      },
    },
    server: {
      port: 5173,
      proxy: {
        '/v1': { target: env.RELOC_API_URL ?? 'http://localhost:3000', changeOrigin: true },
      },
    },
  };
});
