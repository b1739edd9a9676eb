import { type ComponentType, type ReactNode, Suspense, use, useEffect, useState } from 'react';

/** The loaders of every lazy part whose declaring module has run. */
const parts = new Set<() => Promise<unknown>>();

/**
 * Loads every lazy part declared so far, and those their modules declare in turn. For the
 * component tests (jest.setup.cjs): a first render then does not pay, within a test's timeout,
 * the loading of what the app fetches in the background.
 */
export async function loadAllParts(): Promise<void> {
  for (let done = 0; done < parts.size;) {
    const pending = [...parts].slice(done);
    done = parts.size;
    await Promise.all(pending.map((load) => load().catch(() => undefined)));
  }
}

/**
 * A component whose code is its own chunk, fetched when it first renders (or earlier through
 * `load`, e.g. on hover or when the browser is idle): what only a tab, a panel or a screen
 * needs stays out of the JS fetched before the first screen.
 */
export function lazyPart<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
  fallback: ReactNode = null,
) {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const loadPart = () =>
    (loading ??= load().then(
      (module) => (loaded = pick(module)),
      (error: unknown) => {
        loading = null; // drawn again later, it asks again
        throw error;
      },
    ));
  parts.add(loadPart);
  // Once its code is here (fetched early, or on hover), the part draws at once instead of
  // suspending as React.lazy does on its first render: React holds back a boundary revealed
  // after its fallback showed (up to 300 ms), which delayed the first screen.
  const Loaded = (props: P) => {
    const Component = loaded ?? use(loadPart());
    return <Component {...props} />;
  };
  const Part = (props: P) => (
    <Suspense fallback={fallback}>
      <Loaded {...props} />
    </Suspense>
  );
  return Object.assign(Part, { load: loadPart });
}

/** Runs `run` once the browser has nothing else to do (or after 2 s where it cannot tell). */
export function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run);
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(run, 2000);
  return () => window.clearTimeout(handle);
}

/** Fetches the chunks of `parts` (failures ignored: rendering them retries). */
export function prefetch(...parts: { load: () => Promise<unknown> }[]): void {
  for (const part of parts) part.load().catch(() => undefined);
}

/**
 * A dialog (or drawer) whose code — with the dialog machine and focus trap — is fetched when the
 * browser is idle or when it first opens; mounted from then on, so it closes as before.
 */
export function lazyDialog<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
  isOpen: (props: P) => boolean,
) {
  const Part = lazyPart(load, pick);
  const Dialog = (props: P) => {
    const open = isOpen(props);
    const [mounted, setMounted] = useState(open);
    if (open && !mounted) setMounted(true);
    useEffect(() => whenIdle(() => prefetch(Part)), []);
    return mounted ? <Part {...props} /> : null;
  };
  return Object.assign(Dialog, { load });
}
