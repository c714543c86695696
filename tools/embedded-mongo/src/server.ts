/**
 * TCP server: frames messages per connection, runs each command synchronously through
 * commands.ts and writes the reply. One message is handled completely before the next is
 * looked at, on any connection (Node runs this code on a single thread). In journal mode the
 * reply to a write is sent once its journal record is durable (durability.ts); replies on one
 * connection stay in request order.
 */
import net from 'node:net';
import { runCommand, helloReply, MAX_MESSAGE_SIZE_BYTES, type CommandContext } from './commands';
import type { CommandGate, GateResult } from './durability';
import { CommandError, ErrorCodes } from './errors';
import type { CursorRegistry } from './cursors';
import type { Store } from './store';
import {
  MSG_MORE_TO_COME,
  OP_MSG,
  OP_QUERY,
  ProtocolError,
  REPLY_QUERY_FAILURE,
  encodeOpMsg,
  encodeOpReply,
  parseMessage,
  type Request,
} from './wire';

export interface Logger {
  info: (msg: string, ...args: unknown[]) => void;
  warn: (msg: string, ...args: unknown[]) => void;
  error: (msg: string, ...args: unknown[]) => void;
}

export interface WireServerOptions {
  store: Store;
  cursors: CursorRegistry;
  onWrite: () => void;
  logger: Logger;
  /** Journal mode: runs each command and says when its reply may be sent (durability.ts). */
  gate?: CommandGate;
}

type Obj = Record<string, unknown>;

const LEGACY_HELLO = new Set(['ismaster', 'isMaster', 'hello']);

export class WireServer {
  private readonly server: net.Server;
  private readonly sockets = new Set<net.Socket>();
  private nextConnectionId = 1;

  constructor(private readonly opts: WireServerOptions) {
    this.server = net.createServer((socket) => this.accept(socket));
  }

  listen(port: number, host: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const onError = (err: Error): void => reject(err);
      this.server.once('error', onError);
      this.server.listen(port, host, () => {
        this.server.off('error', onError);
        this.server.on('error', (err) => this.opts.logger.error(`embedded-mongo: server error: ${err.message}`));
        resolve((this.server.address() as net.AddressInfo).port);
      });
    });
  }

  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const s of this.sockets) s.destroy();
    await closed;
  }

  private accept(socket: net.Socket): void {
    const connectionId = this.nextConnectionId++;
    this.sockets.add(socket);
    socket.setNoDelay(true);
    const ctx: CommandContext = {
      store: this.opts.store,
      cursors: this.opts.cursors,
      onWrite: this.opts.onWrite,
      connectionId,
    };
    let pending: Buffer = Buffer.alloc(0);
    // replies waiting for the journal; later replies on this connection queue behind them
    let waiting: Promise<void> | undefined;
    const send = (reply: Buffer | Promise<Buffer>): void => {
      if (reply instanceof Buffer && !waiting) {
        if (!socket.destroyed) socket.write(reply);
        return;
      }
      const before = waiting;
      const next: Promise<void> = (async () => {
        if (before) await before;
        const buf = await reply;
        if (!socket.destroyed) socket.write(buf);
      })();
      waiting = next;
      void next.finally(() => {
        if (waiting === next) waiting = undefined;
      });
    };
    socket.on('data', (chunk: Buffer) => {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      while (pending.length >= 4) {
        const length = pending.readInt32LE(0);
        if (length < 16 || length > MAX_MESSAGE_SIZE_BYTES) {
          this.opts.logger.warn(`embedded-mongo: closing connection ${connectionId}: invalid message length ${length}`);
          socket.destroy();
          return;
        }
        if (pending.length < length) break;
        const message = pending.subarray(0, length);
        pending = pending.subarray(length);
        let reply: Buffer | Promise<Buffer> | undefined;
        try {
          reply = this.handle(parseMessage(message), ctx);
        } catch (err) {
          const why = err instanceof ProtocolError ? err.message : String((err as Error)?.stack ?? err);
          this.opts.logger.warn(`embedded-mongo: closing connection ${connectionId}: ${why}`);
          socket.destroy();
          return;
        }
        if (reply) send(reply);
      }
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => this.sockets.delete(socket));
  }

  private handle(req: Request, ctx: CommandContext): Buffer | Promise<Buffer> | undefined {
    if (req.kind === 'query') return this.handleQuery(req, ctx);
    const body = req.body;
    const db = typeof body.$db === 'string' ? body.$db : undefined;
    const result: GateResult = db === undefined
      ? { reply: new CommandError(ErrorCodes.BadValue, 'OP_MSG body is missing $db').toReply() }
      : this.run(body, db, ctx);
    if (req.flags & MSG_MORE_TO_COME) return undefined;
    return whenDurable(result, (reply) => encodeOpMsg(reply, req.header.requestId));
  }

  private run(cmd: Obj, db: string, ctx: CommandContext): GateResult {
    const gate = this.opts.gate;
    if (!gate) return { reply: runCommand(cmd, db, ctx) };
    return gate.execute(Object.keys(cmd)[0], () => runCommand(cmd, db, ctx));
  }

  /** Legacy OP_QUERY: only commands on `<db>.$cmd` (the driver handshake uses this). */
  private handleQuery(req: Extract<Request, { kind: 'query' }>, ctx: CommandContext): Buffer | Promise<Buffer> {
    const dot = req.collection.indexOf('.');
    const db = dot === -1 ? req.collection : req.collection.slice(0, dot);
    const coll = dot === -1 ? '' : req.collection.slice(dot + 1);
    if (coll !== '$cmd') {
      return encodeOpReply(
        { $err: 'Unsupported legacy OP_QUERY on a collection in embedded store; use OP_MSG', code: ErrorCodes.BadValue, ok: 0 },
        req.header.requestId,
        REPLY_QUERY_FAILURE,
      );
    }
    const name = Object.keys(req.body)[0];
    const result: GateResult = name && LEGACY_HELLO.has(name)
      ? { reply: helloReply(ctx, name !== 'hello') }
      : this.run(req.body, db, ctx);
    return whenDurable(result, (reply) => encodeOpReply(reply, req.header.requestId));
  }
}

/** The encoded reply, at once or once the journal holds the command's writes. */
function whenDurable(result: GateResult, encode: (reply: Obj) => Buffer): Buffer | Promise<Buffer> {
  if (!result.durable) return encode(result.reply);
  return result.durable.then(
    () => encode(result.reply),
    (e: Error) => encode(new CommandError(ErrorCodes.WriteConcernFailed,
      `embedded-mongo: ${e.message}; the write was applied in memory but may not survive a restart`).toReply()),
  );
}

export { OP_MSG, OP_QUERY };
