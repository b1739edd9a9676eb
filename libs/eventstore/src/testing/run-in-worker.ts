import { Worker } from 'node:worker_threads';

/**
 * Runs the default export of a TypeScript module in a worker thread, i.e. on another SQLite
 * connection in another thread, as another process would. swc compiles it on the fly, as Jest does.
 */
export async function runInWorker<T>(modulePath: string, input: unknown): Promise<T> {
  const { worker, result } = startInWorker<T>(modulePath, input);
  try {
    return await result;
  } finally {
    void worker.terminate();
  }
}

/** The same, leaving the worker running after its result (a server, say) until terminated. */
export function startInWorker<T>(
  modulePath: string,
  input: unknown,
): { worker: Worker; result: Promise<T> } {
  const worker = new Worker(
    `
    const { readFileSync } = require('node:fs');
    const { workerData, parentPort } = require('node:worker_threads');
    const { transformSync } = require(workerData.swc);
    require.extensions['.ts'] = (module, filename) => {
      const { code } = transformSync(readFileSync(filename, 'utf8'), {
        filename,
        jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
        module: { type: 'commonjs' },
      });
      module._compile(code, filename);
    };
    Promise.resolve()
      .then(() => require(workerData.modulePath).default(workerData.input))
      .then((result) => parentPort.postMessage({ result }))
      .catch((error) => parentPort.postMessage({ error: String((error && error.stack) || error) }));
    `,
    { eval: true, workerData: { swc: require.resolve('@swc/core'), modulePath, input } },
  );
  const result = new Promise<T>((resolve, reject) => {
    worker.once('message', (message: { result?: T; error?: string }) => {
      if (message.error !== undefined) reject(new Error(message.error));
      else resolve(message.result as T);
    });
    worker.once('error', reject);
  });
  return { worker, result };
}
