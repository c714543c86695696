/**
 * Crash harness (tests and tools/perf only): runs the store CLI (src/main.ts) in a child
 * process on a data file, drives a burst of concurrent inserts and `$inc` updates at it,
 * records every acknowledged write, SIGKILLs the child mid-burst, restarts it on the same
 * files and checks that no acknowledged write was lost.
 *
 * Nothing here sleeps for a fixed time: the child is ready when it prints its URI, and the
 * kill happens after a (random) number of acknowledged writes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import mongoose from 'mongoose';

const here = path.dirname(fileURLToPath(import.meta.url));
const MAIN = path.resolve(here, '../main.ts');
const ROOT = path.resolve(here, '../../../..');

export interface StoreChild {
  uri: string;
  proc: ChildProcess;
  /** Everything the child wrote to stderr so far (its log). */
  log(): string;
  /** Sends `signal` and resolves once the process has exited. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

/**
 * Starts `node --import tsx src/main.ts --port 0 --data <dataFile> ...args` and waits for its
 * URI line. Without a data file the store runs memory-only.
 */
export function spawnStore(dataFile: string | undefined, args: string[] = [], timeoutMs = 60_000): Promise<StoreChild> {
  const data = dataFile === undefined ? [] : ['--data', dataFile];
  const proc = spawn(process.execPath, ['--import', 'tsx', MAIN, '--port', '0', ...data, ...args], {
    cwd: ROOT,
    env: { ...process.env, EMBEDDED_MONGO_PORT: '', EMBEDDED_MONGO_DATA: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  proc.stderr!.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const child = (uri: string): StoreChild => ({
    uri,
    proc,
    log: () => stderr,
    async kill(signal) {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
      await exited;
    },
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`store child printed no URI within ${timeoutMs} ms; stderr:\n${stderr}`));
    }, timeoutMs);
    proc.stdout!.setEncoding('utf8').on('data', (c: string) => {
      stdout += c;
      const line = stdout.split('\n').find((l) => l.startsWith('mongodb://'));
      if (line) {
        clearTimeout(timer);
        resolve(child(line.trim()));
      }
    });
    proc.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`store child exited (${code ?? signal}) before printing its URI; stderr:\n${stderr}`));
    });
  });
}

/** Cumulative record of what was attempted and acknowledged over all rounds. */
export interface Ledger {
  attemptedInserts: number;
  ackedInserts: Set<string>;
  attemptedIncs: number;
  ackedIncs: number;
}

export function newLedger(): Ledger {
  return { attemptedInserts: 0, ackedInserts: new Set(), attemptedIncs: 0, ackedIncs: 0 };
}

export interface CheckResult {
  /** acknowledged inserts missing after the restart */
  lostInserts: string[];
  /** acknowledged increments missing from the counter (0 when counter >= acknowledged) */
  lostIncs: number;
  counter: number;
  /** counter above what was ever attempted (double-applied writes) */
  overCount: number;
  documents: number;
}

const DB = 'crash';

function connect(uri: string, pool: number): Promise<mongoose.Connection> {
  return mongoose
    .createConnection(uri, {
      dbName: DB,
      retryWrites: false,
      retryReads: false,
      maxPoolSize: pool,
      serverSelectionTimeoutMS: 30_000,
      autoIndex: false,
    })
    .asPromise();
}

/** Checks the store at `uri` against everything acknowledged so far. */
export async function checkLedger(uri: string, ledger: Ledger): Promise<CheckResult> {
  const conn = await connect(uri, 2);
  try {
    const items = conn.db!.collection<{ _id: string }>('items');
    const present = new Set((await items.find({}, { projection: { _id: 1 } }).toArray()).map((d) => d._id));
    const lostInserts = [...ledger.ackedInserts].filter((id) => !present.has(id));
    const counterDoc = await conn.db!.collection<{ _id: string; n: number }>('counters').findOne({ _id: 'c' });
    const counter = counterDoc?.n ?? 0;
    return {
      lostInserts,
      lostIncs: Math.max(0, ledger.ackedIncs - counter),
      counter,
      overCount: Math.max(0, counter - ledger.attemptedIncs),
      documents: present.size,
    };
  } finally {
    await conn.close();
  }
}

export interface BurstOptions {
  round: number;
  /** concurrent workers (each has its own pooled connection) */
  workers: number;
  /** SIGKILL the child once this many writes of this round were acknowledged */
  killAfterAcks: number;
}

/**
 * Runs `workers` loops of (insert a new document, `$inc` the shared counter) against the child
 * and SIGKILLs it once `killAfterAcks` writes were acknowledged. Resolves after the child is
 * dead and every worker has stopped; the ledger holds what was acknowledged.
 */
export async function burstThenKill(child: StoreChild, ledger: Ledger, opts: BurstOptions): Promise<{ acked: number }> {
  const conn = await connect(child.uri, opts.workers);
  const items = conn.db!.collection<{ _id: string; round: number; w: number; i: number; at: Date }>('items');
  const counters = conn.db!.collection<{ _id: string; n: number }>('counters');
  let stop = false;
  let acked = 0;
  let reached!: () => void;
  const thresholdReached = new Promise<void>((r) => (reached = r));
  const ack = (): void => {
    acked++;
    if (acked >= opts.killAfterAcks) reached();
  };
  const worker = async (w: number): Promise<void> => {
    for (let i = 0; !stop; i++) {
      const id = `r${opts.round}-w${w}-${i}`;
      ledger.attemptedInserts++;
      await items.insertOne({ _id: id, round: opts.round, w, i, at: new Date() });
      ledger.ackedInserts.add(id);
      ack();
      if (stop) break;
      ledger.attemptedIncs++;
      await counters.updateOne({ _id: 'c' }, { $inc: { n: 1 } }, { upsert: true });
      ledger.ackedIncs++;
      ack();
    }
  };
  // a worker ends with the first failed write (the kill), or when stopped
  const running = Array.from({ length: opts.workers }, (_, w) => worker(w).catch(() => undefined));
  const allDone = Promise.all(running);
  await Promise.race([thresholdReached, allDone]);
  stop = true;
  await child.kill('SIGKILL');
  await allDone;
  await conn.close(true).catch(() => undefined);
  if (acked < opts.killAfterAcks) throw new Error(`writes failed before the kill (${acked} acknowledged); store log:\n${child.log()}`);
  return { acked };
}

export interface CrashLoopOptions {
  dataFile: string;
  kills: number;
  workers?: number;
  /** extra CLI arguments for the store (e.g. ['--durability', 'snapshot']) */
  storeArgs?: string[];
  /** kill after a random number of acknowledged writes in [min, max] */
  minAcks?: number;
  maxAcks?: number;
  onRound?: (r: { round: number; acked: number; check: CheckResult }) => void;
}

export interface CrashLoopResult {
  rounds: Array<{ round: number; acked: number; check: CheckResult }>;
  ledger: Ledger;
  /** acknowledged writes lost over all rounds (inserts + increments, as of the last check) */
  lost: number;
  acknowledged: number;
}

/** Starts the store, then `kills` times: burst, SIGKILL, restart, check. Stops it cleanly at the end. */
export async function runCrashLoop(opts: CrashLoopOptions): Promise<CrashLoopResult> {
  const ledger = newLedger();
  const rounds: CrashLoopResult['rounds'] = [];
  const minAcks = opts.minAcks ?? 50;
  const maxAcks = opts.maxAcks ?? 600;
  let child = await spawnStore(opts.dataFile, opts.storeArgs);
  try {
    let last: CheckResult | undefined;
    for (let round = 1; round <= opts.kills; round++) {
      const killAfterAcks = minAcks + Math.floor(Math.random() * (maxAcks - minAcks + 1));
      const { acked } = await burstThenKill(child, ledger, { round, workers: opts.workers ?? 16, killAfterAcks });
      child = await spawnStore(opts.dataFile, opts.storeArgs);
      last = await checkLedger(child.uri, ledger);
      rounds.push({ round, acked, check: last });
      opts.onRound?.({ round, acked, check: last });
    }
    const acknowledged = ledger.ackedInserts.size + ledger.ackedIncs;
    return { rounds, ledger, lost: last ? last.lostInserts.length + last.lostIncs : 0, acknowledged };
  } finally {
    await child.kill('SIGTERM');
  }
}
