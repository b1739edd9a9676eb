import { EsdbWireServer, EsdbWireServerOptions } from './esdb-wire-server';

/**
 * Worker-thread entry (see startInWorker): the wire-level double on its own event loop, as a
 * remote server is, so that its messages race the client's reading as a real server's do. Answers
 * its connection string and serves until the worker is terminated.
 */
export default async function serveInWorker(options: EsdbWireServerOptions): Promise<string> {
  const server = await EsdbWireServer.start(options);
  return server.connectionString;
}
