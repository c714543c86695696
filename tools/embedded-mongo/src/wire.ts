/**
 * MongoDB wire protocol framing: OP_MSG (2013) and the legacy OP_QUERY (2004) used by
 * drivers for the initial `ismaster` handshake, answered with OP_REPLY (1).
 * https://www.mongodb.com/docs/manual/reference/mongodb-wire-protocol/
 */
import { deserialize, serialize, type Document } from 'bson';

export const OP_REPLY = 1;
export const OP_QUERY = 2004;
export const OP_COMPRESSED = 2012;
export const OP_MSG = 2013;

export const MSG_CHECKSUM_PRESENT = 1 << 0;
export const MSG_MORE_TO_COME = 1 << 1;
export const MSG_EXHAUST_ALLOWED = 1 << 16;

const HEADER_SIZE = 16;

/** How request documents are decoded: BSON regexes stay BSONRegExp (validated later). */
export const DESERIALIZE_OPTIONS = { bsonRegExp: true, promoteLongs: true, promoteValues: true } as const;

export interface MessageHeader {
  messageLength: number;
  requestId: number;
  responseTo: number;
  opCode: number;
}

export type Request =
  | { kind: 'msg'; header: MessageHeader; flags: number; body: Document }
  | { kind: 'query'; header: MessageHeader; flags: number; collection: string; body: Document };

export class ProtocolError extends Error {}

export function readHeader(buf: Buffer): MessageHeader {
  return {
    messageLength: buf.readInt32LE(0),
    requestId: buf.readInt32LE(4),
    responseTo: buf.readInt32LE(8),
    opCode: buf.readInt32LE(12),
  };
}

function readCString(buf: Buffer, offset: number, end: number): [string, number] {
  const zero = buf.indexOf(0, offset);
  if (zero === -1 || zero >= end) throw new ProtocolError('unterminated cstring');
  return [buf.toString('utf8', offset, zero), zero + 1];
}

function readDocument(buf: Buffer, offset: number, end: number): [Document, number] {
  if (offset + 5 > end) throw new ProtocolError('truncated BSON document');
  const size = buf.readInt32LE(offset);
  if (size < 5 || offset + size > end) throw new ProtocolError('invalid BSON document length');
  const doc = deserialize(buf.subarray(offset, offset + size), DESERIALIZE_OPTIONS);
  return [doc, offset + size];
}

/** Parses one complete message (header included). */
export function parseMessage(buf: Buffer): Request {
  const header = readHeader(buf);
  if (header.opCode === OP_MSG) return parseOpMsg(buf, header);
  if (header.opCode === OP_QUERY) return parseOpQuery(buf, header);
  throw new ProtocolError(`unsupported opCode ${header.opCode}`);
}

function parseOpMsg(buf: Buffer, header: MessageHeader): Request {
  const flags = buf.readUInt32LE(HEADER_SIZE);
  let end = buf.length;
  if (flags & MSG_CHECKSUM_PRESENT) {
    end -= 4;
    const expected = buf.readUInt32LE(end);
    const actual = crc32c(buf.subarray(0, end));
    if (expected !== actual) throw new ProtocolError('OP_MSG checksum mismatch');
  }
  // Bits 0-15 are "required" flags: refuse ones we do not know.
  if ((flags & 0xffff) & ~(MSG_CHECKSUM_PRESENT | MSG_MORE_TO_COME)) {
    throw new ProtocolError(`unsupported OP_MSG flags 0x${flags.toString(16)}`);
  }
  let offset = HEADER_SIZE + 4;
  let body: Document | undefined;
  const sequences: Array<[string, Document[]]> = [];
  while (offset < end) {
    const kind = buf.readUInt8(offset);
    offset += 1;
    if (kind === 0) {
      if (body) throw new ProtocolError('OP_MSG with more than one body section');
      [body, offset] = readDocument(buf, offset, end);
    } else if (kind === 1) {
      const size = buf.readInt32LE(offset);
      const sectionEnd = offset + size;
      if (size < 5 || sectionEnd > end) throw new ProtocolError('invalid document sequence length');
      const [identifier, start] = readCString(buf, offset + 4, sectionEnd);
      let pos = start;
      const docs: Document[] = [];
      while (pos < sectionEnd) {
        let doc: Document;
        [doc, pos] = readDocument(buf, pos, sectionEnd);
        docs.push(doc);
      }
      sequences.push([identifier, docs]);
      offset = sectionEnd;
    } else {
      throw new ProtocolError(`unknown OP_MSG section kind ${kind}`);
    }
  }
  if (!body) throw new ProtocolError('OP_MSG without a body section');
  for (const [identifier, docs] of sequences) {
    const existing = body[identifier];
    body[identifier] = Array.isArray(existing) ? [...existing, ...docs] : docs;
  }
  return { kind: 'msg', header, flags, body };
}

function parseOpQuery(buf: Buffer, header: MessageHeader): Request {
  const flags = buf.readInt32LE(HEADER_SIZE);
  const [collection, afterName] = readCString(buf, HEADER_SIZE + 4, buf.length);
  // numberToSkip (int32) and numberToReturn (int32) follow; commands ignore them.
  const [query] = readDocument(buf, afterName + 8, buf.length);
  // Drivers may wrap the command as { $query: {...}, $readPreference: ... }.
  const body = query.$query && typeof query.$query === 'object' ? query.$query : query;
  return { kind: 'query', header, flags, collection, body };
}

let nextRequestId = 1;

function header(length: number, responseTo: number, opCode: number): Buffer {
  const h = Buffer.alloc(HEADER_SIZE);
  h.writeInt32LE(length, 0);
  h.writeInt32LE(nextRequestId++ & 0x7fffffff, 4);
  h.writeInt32LE(responseTo, 8);
  h.writeInt32LE(opCode, 12);
  return h;
}

export function encodeOpMsg(doc: Document, responseTo: number): Buffer {
  const body = serialize(doc);
  const prefix = Buffer.alloc(5); // flagBits (0) + section kind 0
  const total = HEADER_SIZE + prefix.length + body.length;
  return Buffer.concat([header(total, responseTo, OP_MSG), prefix, body]);
}

export const REPLY_QUERY_FAILURE = 1 << 1;

export function encodeOpReply(doc: Document, responseTo: number, responseFlags = 0): Buffer {
  const body = serialize(doc);
  const fields = Buffer.alloc(20);
  fields.writeInt32LE(responseFlags, 0);
  fields.writeBigInt64LE(0n, 4); // cursorID
  fields.writeInt32LE(0, 12); // startingFrom
  fields.writeInt32LE(1, 16); // numberReturned
  const total = HEADER_SIZE + fields.length + body.length;
  return Buffer.concat([header(total, responseTo, OP_REPLY), fields, body]);
}

// CRC-32C (Castagnoli), used by the optional OP_MSG checksum.
const CRC32C_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let c = i;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0x82f63b78 : c >>> 1;
    table[i] = c >>> 0;
  }
  return table;
})();

export function crc32c(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (let i = 0; i < data.length; i++) crc = CRC32C_TABLE[(crc ^ data[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
