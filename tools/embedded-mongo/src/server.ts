/**
 * TCP server: frames messages per connection, runs each command synchronously through
 * commands.ts and writes the reply. One message is handled completely before the next is
 * looked at, on any connection (Node runs this code on a single thread).
 */
import net from 'node:net';
import { runCommand, helloReply, MAX_MESSAGE_SIZE_BYTES, type CommandContext } from './commands';
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
}

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
        let reply: Buffer | undefined;
        try {
          reply = this.handle(parseMessage(message), ctx);
        } catch (err) {
          const why = err instanceof ProtocolError ? err.message : String((err as Error)?.stack ?? err);
          this.opts.logger.warn(`embedded-mongo: closing connection ${connectionId}: ${why}`);
          socket.destroy();
          return;
        }
        if (reply && !socket.destroyed) socket.write(reply);
      }
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => this.sockets.delete(socket));
  }

  private handle(req: Request, ctx: CommandContext): Buffer | undefined {
    if (req.kind === 'query') return this.handleQuery(req, ctx);
    const body = req.body;
    const db = typeof body.$db === 'string' ? body.$db : undefined;
    const reply = db === undefined
      ? new CommandError(ErrorCodes.BadValue, 'OP_MSG body is missing $db').toReply()
      : runCommand(body, db, ctx);
    if (req.flags & MSG_MORE_TO_COME) return undefined;
    return encodeOpMsg(reply, req.header.requestId);
  }

  /** Legacy OP_QUERY: only commands on `<db>.$cmd` (the driver handshake uses this). */
  private handleQuery(req: Extract<Request, { kind: 'query' }>, ctx: CommandContext): Buffer {
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
    const reply = name && LEGACY_HELLO.has(name)
      ? helloReply(ctx, name !== 'hello')
      : runCommand(req.body, db, ctx);
    return encodeOpReply(reply, req.header.requestId);
  }
}

export { OP_MSG, OP_QUERY };
