/**
 * The messages of the EventStoreDB wire-level test double (esdb-wire-server.ts), built with the
 * classes that `@eventstore/db-client` ships in `generated/*_pb.js`, in the shapes EventStoreDB
 * 23.10 gives them.
 */

import * as grpc from '@grpc/grpc-js';
import { Code } from '@eventstore/db-client/generated/code_pb';
import {
  SupportedMethod,
  SupportedMethods,
} from '@eventstore/db-client/generated/serverfeatures_pb';
import {
  AllStreamPosition,
  Empty,
  StreamIdentifier,
  UUID,
  WrongExpectedVersion,
} from '@eventstore/db-client/generated/shared_pb';
import { Status } from '@eventstore/db-client/generated/status_pb';
import {
  AppendReq,
  AppendResp,
  BatchAppendReq,
  BatchAppendResp,
  ReadResp,
} from '@eventstore/db-client/generated/streams_pb';
import { Any } from 'google-protobuf/google/protobuf/any_pb';
import { Empty as ProtoEmpty } from 'google-protobuf/google/protobuf/empty_pb';
import { AppendOutcome, Expected, ProposedEvent, StoredEvent } from './esdb-wire-log';

const STREAMS = 'event_store.client.streams.streams';
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function supportedMethods(): SupportedMethods {
  const methods = new SupportedMethods();
  methods.setEventStoreServerVersion('23.10.0');
  const list: [string, string, string[]][] = [
    [STREAMS, 'read', ['position', 'events']],
    [STREAMS, 'append', []],
    [STREAMS, 'batchappend', []],
    ['event_store.client.server_features.serverfeatures', 'getsupportedmethods', []],
  ];
  for (const [service, name, features] of list) {
    const method = new SupportedMethod();
    method.setServiceName(service);
    method.setMethodName(name);
    method.setFeaturesList(features);
    methods.addMethods(method);
  }
  return methods;
}

const encodings = new WeakMap<StoredEvent, Map<boolean, Buffer>>();

/** An event's ReadResp, encoded once per UUID form: pages, catch-ups and tests read events again. */
export function encoded(event: StoredEvent, uuidAsString: boolean): Buffer {
  const forms = encodings.get(event) ?? new Map<boolean, Buffer>();
  encodings.set(event, forms);
  let bytes = forms.get(uuidAsString);
  if (!bytes) {
    bytes = Buffer.from(eventResponse(event, uuidAsString).serializeBinary());
    forms.set(uuidAsString, bytes);
  }
  return bytes;
}

function eventResponse(event: StoredEvent, uuidAsString: boolean): ReadResp {
  const position = event.position.toString();
  const recorded = new ReadResp.ReadEvent.RecordedEvent();
  recorded.setId(toProtoUuid(event.id, uuidAsString));
  recorded.setStreamIdentifier(streamIdentifier(event.streamId));
  recorded.setStreamRevision(event.revision.toString());
  recorded.setCommitPosition(position);
  recorded.setPreparePosition(position);
  const metadata = recorded.getMetadataMap();
  metadata.set('type', event.type);
  metadata.set('content-type', event.contentType);
  metadata.set('created', event.created.toString());
  recorded.setData(event.data);
  recorded.setCustomMetadata(event.customMetadata);
  const readEvent = new ReadResp.ReadEvent();
  readEvent.setEvent(recorded);
  readEvent.setCommitPosition(position);
  const response = new ReadResp();
  response.setEvent(readEvent);
  return response;
}

export function checkpointResponse(position: bigint): ReadResp {
  const checkpoint = new ReadResp.Checkpoint();
  checkpoint.setCommitPosition(position.toString());
  checkpoint.setPreparePosition(position.toString());
  const response = new ReadResp();
  response.setCheckpoint(checkpoint);
  return response;
}

export function appendExpected(options: AppendReq.Options): Expected {
  if (options.hasAny()) return 'any';
  if (options.hasNoStream()) return 'no_stream';
  if (options.hasStreamExists()) return 'stream_exists';
  if (options.hasRevision()) return BigInt(options.getRevision());
  return fail('No expected revision');
}

export function batchExpected(options: BatchAppendReq.Options): Expected {
  if (options.hasAny()) return 'any';
  if (options.hasNoStream()) return 'no_stream';
  if (options.hasStreamExists()) return 'stream_exists';
  if (options.hasStreamPosition()) return BigInt(options.getStreamPosition());
  return fail('No expected stream position');
}

export function appendResponse(outcome: AppendOutcome, expected: Expected): AppendResp {
  const response = new AppendResp();
  const current = outcome.currentRevision;
  if (outcome.ok) {
    const success = new AppendResp.Success();
    if (current === undefined) success.setNoStream(new Empty());
    else success.setCurrentRevision(current.toString());
    if (outcome.position === undefined) success.setNoPosition(new Empty());
    else {
      const position = new AppendResp.Position();
      position.setCommitPosition(outcome.position.toString());
      position.setPreparePosition(outcome.position.toString());
      success.setPosition(position);
    }
    response.setSuccess(success);
    return response;
  }
  // The server fills both the current fields and the deprecated 20.6 ones.
  const wrong = new AppendResp.WrongExpectedVersion();
  if (current === undefined) {
    wrong.setCurrentNoStream(new Empty());
    wrong.setNoStream2060(new Empty());
  } else {
    wrong.setCurrentRevision(current.toString());
    wrong.setCurrentRevision2060(Number(current));
  }
  if (expected === 'any') {
    wrong.setExpectedAny(new Empty());
    wrong.setAny2060(new Empty());
  } else if (expected === 'stream_exists') {
    wrong.setExpectedStreamExists(new Empty());
    wrong.setStreamExists2060(new Empty());
  } else if (expected === 'no_stream') {
    // The server also sets expected_revision_20_6_0 to 2^64-1, which a JS number cannot carry.
    wrong.setExpectedNoStream(new Empty());
  } else {
    wrong.setExpectedRevision(expected.toString());
    wrong.setExpectedRevision2060(Number(expected));
  }
  response.setWrongExpectedVersion(wrong);
  return response;
}

export function batchSuccess(outcome: AppendOutcome & { ok: true }): BatchAppendResp.Success {
  const success = new BatchAppendResp.Success();
  if (outcome.currentRevision === undefined) success.setNoStream(new ProtoEmpty());
  else success.setCurrentRevision(outcome.currentRevision.toString());
  if (outcome.position === undefined) success.setNoPosition(new ProtoEmpty());
  else {
    const position = new AllStreamPosition();
    position.setCommitPosition(outcome.position.toString());
    position.setPreparePosition(outcome.position.toString());
    success.setPosition(position);
  }
  return success;
}

/** A google.rpc.Status with the packed details, as BatchAppend reports a conflict. */
export function wrongExpectedVersion(current: bigint | undefined, expected: Expected): Status {
  const details = new WrongExpectedVersion();
  if (current === undefined) details.setCurrentNoStream(new ProtoEmpty());
  else details.setCurrentStreamRevision(current.toString());
  if (expected === 'any') details.setExpectedAny(new ProtoEmpty());
  else if (expected === 'no_stream') details.setExpectedNoStream(new ProtoEmpty());
  else if (expected === 'stream_exists') details.setExpectedStreamExists(new ProtoEmpty());
  else details.setExpectedStreamPosition(expected.toString());
  const status = rpcStatus(Code.ALREADY_EXISTS, 'WrongExpectedVersion');
  const packed = new Any();
  packed.pack(details.serializeBinary(), 'event_store.client.WrongExpectedVersion');
  status.setDetails(packed);
  return status;
}

export function rpcStatus(code: Code, message: string, detail?: string): Status {
  const status = new Status();
  status.setCode(code);
  status.setMessage(detail ? `${message}: ${detail}` : message);
  return status;
}

export function toProposed(message: AppendReq.ProposedMessage | BatchAppendReq.ProposedMessage) {
  const metadata = message.getMetadataMap();
  const missing = ['type', 'content-type'].filter((key) => !metadata.has(key));
  if (missing.length > 0) {
    const trailers = new grpc.Metadata();
    trailers.set('exception', 'missing-required-metadata-property');
    trailers.set('required-metadata-properties', missing.join(','));
    throw Object.assign(new Error(`Missing required metadata: ${missing}`), {
      code: grpc.status.INVALID_ARGUMENT,
      metadata: trailers,
    });
  }
  return {
    id: uuidString(message.getId() ?? fail('An event without id')),
    type: metadata.get('type')!,
    contentType: metadata.get('content-type')!,
    data: message.getData_asU8(),
    customMetadata: message.getCustomMetadata_asU8(),
  } satisfies ProposedEvent;
}

export function streamName(identifier: StreamIdentifier | undefined): string {
  if (!identifier) fail('No stream identifier');
  return Buffer.from(identifier.getStreamName_asU8()).toString('utf8');
}

function streamIdentifier(name: string): StreamIdentifier {
  const identifier = new StreamIdentifier();
  identifier.setStreamName(Buffer.from(name, 'utf8'));
  return identifier;
}

/** The canonical lowercase form, as the server's Guid.ToString() gives it. */
export function uuidString(uuid: UUID): string {
  if (uuid.hasStructured()) {
    const structured = uuid.getStructured()!;
    const hex = [structured.getMostSignificantBits(), structured.getLeastSignificantBits()]
      .map((bits) => BigInt.asUintN(64, BigInt(bits)).toString(16).padStart(16, '0'))
      .join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }
  const value = uuid.getString().toLowerCase();
  return UUID_PATTERN.test(value) ? value : fail(`Invalid UUID: ${uuid.getString()}`);
}

/** Structured is the server's default; the client asks for strings. */
export function toProtoUuid(id: string, asString: boolean): UUID {
  const uuid = new UUID();
  if (asString) return uuid.setString(id);
  const hex = id.replace(/-/g, '');
  const structured = new UUID.Structured();
  structured.setMostSignificantBits(BigInt.asIntN(64, BigInt(`0x${hex.slice(0, 16)}`)).toString());
  structured.setLeastSignificantBits(BigInt.asIntN(64, BigInt(`0x${hex.slice(16)}`)).toString());
  return uuid.setStructured(structured);
}

export function fail(details: string): never {
  throw Object.assign(new Error(details), { code: grpc.status.INVALID_ARGUMENT });
}

export function toStatus(err: unknown): grpc.StatusObject {
  const { code, metadata } = err as { code?: number; metadata?: grpc.Metadata };
  return {
    code: code ?? grpc.status.UNKNOWN,
    details: err instanceof Error ? err.message : String(err),
    metadata: metadata ?? new grpc.Metadata(),
  };
}
