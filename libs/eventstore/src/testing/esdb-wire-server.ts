/**
 * A test double of the EventStoreDB gRPC protocol, not a server: the real `@eventstore/db-client`
 * connects to it over HTTP/2 (`esdb://127.0.0.1:PORT?tls=false`) and exchanges the messages of
 * the protocol definitions that the client package ships (`generated/*_pb.js`), so everything
 * from our adapter down to the wire runs for real on a machine where no EventStoreDB can be
 * installed. Behind the wire sits an in-memory log (esdb-wire-log.ts) that follows the storage
 * rules our adapter relies on; the messages are built in esdb-wire-messages.ts; the contract
 * suite runs it on its own thread (esdb-wire-worker.ts), as a remote server runs. The contract
 * suite against a real server (EVENTSTORE_URL) remains the proof that those rules are the
 * server's.
 *
 * Implemented, as EventStoreDB 23.10 answers them:
 * - ServerFeatures.GetSupportedMethods, which the client asks before its first append to choose
 *   BatchAppend; with `protocol: 'v20'` the service is absent (UNIMPLEMENTED, as before 21.10)
 *   and the client falls back to Append;
 * - Streams.BatchAppend (bidirectional, correlation ids, batches until is_final) and
 *   Streams.Append (client streaming): expected revision any / no_stream / stream_exists / exact;
 *   a conflict is answered in the protocol's way (a google.rpc.Status carrying a packed
 *   WrongExpectedVersion for BatchAppend, AppendResp.wrong_expected_version with the current
 *   and the deprecated 20.6 fields for Append); success carries the revision and the position;
 * - Streams.Read of a stream (forwards/backwards, from start/end/revision, count, the
 *   stream_not_found message) and of $all (from start/end/position, count, filters);
 * - Streams.Read as a subscription to $all from start/end/position: confirmation, catch-up,
 *   caught_up, then live events; with a filter (event type or stream name, regex or prefixes)
 *   checkpoints every `max search window (32) x multiplier` events considered;
 * - event ids in the string or the structured UUID form the request asks for; metadata `type`,
 *   `content-type`, `created` (ticks since the Unix epoch); data and custom metadata as bytes.
 *
 * Not implemented: stream deletion and tombstones (UNIMPLEMENTED), subscriptions to a single
 * stream, link resolution, stream metadata ($maxAge...), projections, persistent subscriptions,
 * users and ACLs (credentials are ignored), TLS, gossip and clusters, deadlines and size
 * limits, idempotent re-appends of the same event ids.
 */
import { randomUUID } from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import { Code } from '@eventstore/db-client/generated/code_pb';
import { ServerFeaturesService } from '@eventstore/db-client/generated/serverfeatures_grpc_pb';
import { SupportedMethods } from '@eventstore/db-client/generated/serverfeatures_pb';
import { IStreamsServer, StreamsService } from '@eventstore/db-client/generated/streams_grpc_pb';
import {
  AppendReq,
  AppendResp,
  BatchAppendReq,
  BatchAppendResp,
  ReadReq,
  ReadResp,
} from '@eventstore/db-client/generated/streams_pb';
import { EsdbWireLog, EsdbWireLogOptions, ProposedEvent, StoredEvent } from './esdb-wire-log';
import {
  appendExpected,
  appendResponse,
  batchExpected,
  batchSuccess,
  checkpointResponse,
  encoded,
  fail,
  rpcStatus,
  streamName,
  supportedMethods,
  toProposed,
  toStatus,
  uuidString,
  wrongExpectedVersion,
} from './esdb-wire-messages';

export type EsdbWireServerOptions = EsdbWireLogOptions & {
  /** 'current' (default) as servers since 21.10; 'v20' without ServerFeatures, as 20.10. */
  protocol?: 'current' | 'v20';
};

/** Read answers either messages or, for events, their encoding made once (see `encoded`). */
type ReadCall = grpc.ServerWritableStream<ReadReq, ReadResp | Buffer>;
type Filter = { matches: (event: StoredEvent) => boolean; checkpointInterval?: number };

const READ = StreamsService.read;
/** StreamsService, whose Read also sends bytes already encoded. */
const STREAMS_SERVICE: grpc.ServiceDefinition = {
  ...StreamsService,
  read: {
    ...READ,
    responseSerialize: (response: ReadResp | Buffer) =>
      Buffer.isBuffer(response) ? response : READ.responseSerialize(response),
  },
};
const DEFAULT_SEARCH_WINDOW = 32;

export class EsdbWireServer {
  /** The RPCs received, in order: `GetSupportedMethods`, `BatchAppend`, `Read $all`... */
  readonly calls: string[] = [];
  /** The reads (not subscriptions) that the client cancelled before their end. */
  readonly cancelledReads: string[] = [];
  private server: grpc.Server | undefined;
  private port = 0;
  private readonly subscriptions = new Set<AbortController>();
  private subscriptionFailure: { afterEvents: number; status: grpc.StatusObject } | undefined;

  private constructor(
    readonly log: EsdbWireLog,
    private readonly protocol: 'current' | 'v20',
  ) {}

  /** Listens on a free local port. */
  static async start(options: EsdbWireServerOptions = {}): Promise<EsdbWireServer> {
    const server = new EsdbWireServer(new EsdbWireLog(options), options.protocol ?? 'current');
    await server.listen();
    return server;
  }

  get connectionString(): string {
    return `esdb://127.0.0.1:${this.port}?tls=false`;
  }

  /** The next subscription ends with this status after delivering `afterEvents` events. */
  failNextSubscription(
    afterEvents: number,
    code: grpc.status = grpc.status.UNAVAILABLE,
    details = 'Connection dropped',
  ): void {
    this.subscriptionFailure = {
      afterEvents,
      status: { code, details, metadata: new grpc.Metadata() },
    };
  }

  /** Drops every connection, then listens again on the same port with the same log. */
  async restart(): Promise<void> {
    this.shutdown();
    await this.listen();
  }

  async stop(): Promise<void> {
    this.shutdown();
  }

  private shutdown(): void {
    for (const subscription of this.subscriptions) subscription.abort();
    this.subscriptions.clear();
    this.server?.forceShutdown();
    this.server = undefined;
  }

  private async listen(): Promise<void> {
    const server = new grpc.Server();
    server.addService(STREAMS_SERVICE, this.streams());
    if (this.protocol === 'current') {
      server.addService(ServerFeaturesService, {
        getSupportedMethods: (_call: unknown, callback: grpc.sendUnaryData<SupportedMethods>) => {
          this.calls.push('GetSupportedMethods');
          callback(null, supportedMethods());
        },
      });
    }
    this.port = await new Promise<number>((resolve, reject) =>
      server.bindAsync(
        `127.0.0.1:${this.port}`,
        grpc.ServerCredentials.createInsecure(),
        (error, port) => (error ? reject(error) : resolve(port)),
      ),
    );
    this.server = server;
  }

  private streams(): IStreamsServer {
    const unimplemented = (_call: unknown, callback: grpc.sendUnaryData<never>) =>
      callback({ code: grpc.status.UNIMPLEMENTED, details: 'Not implemented by the test double' });
    return {
      read: (call) => void this.read(call).catch((err) => call.emit('error', toStatus(err))),
      append: (call, callback) => this.append(call, callback),
      batchAppend: (call) => this.batchAppend(call),
      delete: unimplemented,
      tombstone: unimplemented,
    };
  }

  private append(
    call: grpc.ServerReadableStream<AppendReq, AppendResp>,
    callback: grpc.sendUnaryData<AppendResp>,
  ): void {
    this.calls.push('Append');
    let options: AppendReq.Options | undefined;
    const events: ProposedEvent[] = [];
    let failure: grpc.StatusObject | undefined;
    call.on('data', (request: AppendReq) => {
      if (failure) return;
      try {
        if (!options) options = request.getOptions() ?? fail('The first message must be options');
        else events.push(toProposed(request.getProposedMessage() ?? fail('Expected an event')));
      } catch (err) {
        failure = toStatus(err);
      }
    });
    call.on('end', () => {
      try {
        if (failure) return callback(failure);
        if (!options) fail('No options');
        const expected = appendExpected(options);
        const stream = streamName(options.getStreamIdentifier());
        callback(null, appendResponse(this.log.append(stream, expected, events), expected));
      } catch (err) {
        callback(toStatus(err));
      }
    });
  }

  private batchAppend(call: grpc.ServerDuplexStream<BatchAppendReq, BatchAppendResp>): void {
    this.calls.push('BatchAppend');
    const pending = new Map<string, { options: BatchAppendReq.Options; events: ProposedEvent[] }>();
    call.on('data', (request: BatchAppendReq) => {
      const correlationId = request.getCorrelationId();
      const response = new BatchAppendResp();
      response.setCorrelationId(correlationId);
      let key: string | undefined;
      try {
        key = uuidString(correlationId ?? fail('No correlation id'));
        const options = request.getOptions();
        if (options) pending.set(key, { options, events: [] });
        // The later parts of a batch already answered (refused) are ignored, as the server does.
        const write = pending.get(key);
        if (!write) return;
        response.setStreamIdentifier(write.options.getStreamIdentifier());
        write.events.push(...request.getProposedMessagesList().map(toProposed));
        if (!request.getIsFinal()) return;
        pending.delete(key);
        const expected = batchExpected(write.options);
        const stream = streamName(write.options.getStreamIdentifier());
        const outcome = this.log.append(stream, expected, write.events);
        if (outcome.ok) response.setSuccess(batchSuccess(outcome));
        else response.setError(wrongExpectedVersion(outcome.currentRevision, expected));
      } catch (err) {
        if (key !== undefined) pending.delete(key);
        const details = err instanceof Error ? err.message : String(err);
        response.setError(rpcStatus(Code.INVALID_ARGUMENT, 'BadRequest', details));
      }
      call.write(response);
    });
    call.on('end', () => call.end());
  }

  private async read(call: ReadCall): Promise<void> {
    const options = call.request.getOptions() ?? fail('Read without options');
    const uuidAsString = options.getUuidOption()?.hasString() ?? false;
    const send = (event: StoredEvent) => write(call, encoded(event, uuidAsString));
    if (options.hasSubscription()) {
      if (!options.hasAll()) {
        const details = 'Stream subscriptions are not implemented by the test double';
        return void call.emit('error', { code: grpc.status.UNIMPLEMENTED, details });
      }
      this.calls.push('Read $all subscription');
      return this.subscribeToAll(call, options, send);
    }
    const backwards = options.getReadDirection() === ReadReq.Options.ReadDirection.BACKWARDS;
    const kind = options.hasAll() ? 'Read $all' : 'Read stream';
    this.calls.push(kind);
    // grpc-js also emits 'cancelled' when a call closes normally: count it before the end only.
    let ended = false;
    call.on('cancelled', () => ended || this.cancelledReads.push(kind));
    const selected = options.hasAll()
      ? this.readAll(options, backwards)
      : await this.readStream(call, options, backwards);
    let count = Number(BigInt(options.getCount()));
    for (const event of selected) {
      if (count-- <= 0 || call.cancelled) break;
      await send(event);
    }
    ended = true;
    call.end();
  }

  /** Lazily, so that events appended during a long read are read too, as the server pages. */
  private *readAll(options: ReadReq.Options, backwards: boolean): Generator<StoredEvent> {
    const all = options.getAll()!;
    const { matches } = filterOf(options);
    const events = this.log.events;
    const at = all.hasPosition() ? BigInt(all.getPosition()!.getCommitPosition()) : undefined;
    if (backwards) {
      let index =
        at !== undefined ? this.log.indexEndingBy(at) : all.hasStart() ? 0 : events.length;
      while (--index >= 0) if (matches(events[index])) yield events[index];
    } else {
      let index = at !== undefined ? this.log.indexAtOrAfter(at) : all.hasEnd() ? events.length : 0;
      for (; index < events.length; index++) if (matches(events[index])) yield events[index];
    }
  }

  /** The events to send, or [] after answering "stream not found". */
  private async readStream(
    call: ReadCall,
    options: ReadReq.Options,
    backwards: boolean,
  ): Promise<StoredEvent[]> {
    const from = options.getStream()!;
    const stream = this.log.stream(streamName(from.getStreamIdentifier()));
    if (!stream) {
      const notFound = new ReadResp.StreamNotFound();
      notFound.setStreamIdentifier(from.getStreamIdentifier());
      const response = new ReadResp();
      response.setStreamNotFound(notFound);
      await write(call, response);
      return [];
    }
    const revision = from.hasRevision()
      ? Number(BigInt(from.getRevision()))
      : from.hasEnd()
        ? Infinity
        : 0;
    return backwards
      ? stream.slice(0, Math.min(revision, stream.length - 1) + 1).reverse()
      : stream.slice(revision);
  }

  private async subscribeToAll(
    call: ReadCall,
    options: ReadReq.Options,
    send: (event: StoredEvent) => Promise<void>,
  ): Promise<void> {
    const controller = new AbortController();
    const { signal } = controller;
    this.subscriptions.add(controller);
    const abort = () => controller.abort();
    call.on('cancelled', abort);
    call.on('close', abort);
    const failure = this.subscriptionFailure;
    this.subscriptionFailure = undefined;
    const { matches, checkpointInterval } = filterOf(options);
    const all = options.getAll()!;
    const events = this.log.events;
    let index = all.hasPosition()
      ? this.log.subscriptionStart(BigInt(all.getPosition()!.getCommitPosition()))
      : all.hasEnd()
        ? events.length
        : 0;
    let delivered = 0;
    let considered = 0;
    let caughtUp = false;
    try {
      const confirmation = new ReadResp.SubscriptionConfirmation();
      confirmation.setSubscriptionId(randomUUID());
      const confirmed = new ReadResp();
      confirmed.setConfirmation(confirmation);
      await write(call, confirmed);
      while (!signal.aborted && !call.cancelled) {
        if (failure && delivered === failure.afterEvents) {
          call.emit('error', failure.status);
          return;
        }
        if (index < events.length) {
          const event = events[index++];
          considered++;
          if (matches(event)) {
            await send(event);
            delivered++;
          }
          if (checkpointInterval && considered % checkpointInterval === 0) {
            await write(call, checkpointResponse(event.position));
          }
        } else if (!caughtUp) {
          caughtUp = true;
          const response = new ReadResp();
          response.setCaughtUp(new ReadResp.CaughtUp());
          await write(call, response);
        } else {
          await this.log.nextAppend(signal);
        }
      }
    } finally {
      this.subscriptions.delete(controller);
    }
  }
}

/** Writes with backpressure; resolves at once on a call the client has gone from. */
function write<T>(call: grpc.ServerWritableStream<unknown, T>, message: T): Promise<void> {
  if (call.cancelled || call.writableEnded) return Promise.resolve();
  if (call.write(message)) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      for (const name of ['drain', 'close', 'cancelled']) call.off(name, done);
      resolve();
    };
    for (const name of ['drain', 'close', 'cancelled']) call.on(name, done);
  });
}

function filterOf(options: ReadReq.Options): Filter {
  const filter = options.getFilter();
  if (!filter) return { matches: () => true };
  const onStream = filter.hasStreamIdentifier();
  const expression = (onStream ? filter.getStreamIdentifier() : filter.getEventType())!;
  const regex = expression.getRegex() ? new RegExp(expression.getRegex()) : undefined;
  const prefixes = expression.getPrefixList();
  const test = (value: string) =>
    regex ? regex.test(value) : prefixes.some((prefix) => value.startsWith(prefix));
  const window = filter.hasMax() ? filter.getMax() : DEFAULT_SEARCH_WINDOW;
  return {
    matches: (event) => test(onStream ? event.streamId : event.type),
    checkpointInterval: window * Math.max(1, filter.getCheckpointintervalmultiplier()),
  };
}
