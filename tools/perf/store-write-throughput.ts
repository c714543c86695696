/**
 * Write throughput of the embedded store (tools/embedded-mongo) with a data file, side by side
 * in one run: memory only (reference), 'snapshot' durability (the old debounced whole-file save:
 * fast, but a crash loses the last moments of acknowledged writes) and 'journal' durability
 * (every acknowledged write fsync'd first, group commit). Each store runs in its own process;
 * this process drives it through mongoose with many concurrent clients.
 *
 *   node --import tsx tools/perf/store-write-throughput.ts [--seconds 5] [--clients 50] [--kills 0] [--dir DIR]
 *
 * Data files go to a fresh folder under --dir (default the OS temp folder); fsync timings only
 * mean something on a real disk, not tmpfs.
 *
 * --kills N also runs the kill -9 loop N times per durability mode (burst of inserts and $inc
 * from 16 workers, SIGKILL after a random number of acknowledged writes, restart, count what
 * was acknowledged but is missing).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { runCrashLoop, spawnStore } from '@croft/embedded-mongo/testing/crash-harness';
import { arg } from './perf-helpers';

interface Figures {
  ops: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** `clients` loops running `op` back to back for `seconds`; latency per acknowledged op. */
async function drive(seconds: number, clients: number, op: (client: number, i: number) => Promise<unknown>): Promise<Figures> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(Array.from({ length: clients }, async (_, c) => {
    for (let i = 0; performance.now() < end; i++) {
      const t0 = performance.now();
      try {
        await op(c, i);
        latencies.push(performance.now() - t0);
      } catch {
        errors++;
      }
    }
  }));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { ops: latencies.length, perSecond: latencies.length / elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99), errors };
}

interface ModeResult {
  mode: string;
  inserts: Figures;
  incs: Figures;
  /** journal mode: what the store logged at stop (records per fsync) */
  note?: string;
}

async function benchMode(label: string, dataFile: string | undefined, storeArgs: string[], seconds: number, clients: number): Promise<ModeResult> {
  const child = await spawnStore(dataFile, storeArgs);
  let result: Omit<ModeResult, 'note'>;
  try {
    const conn = await mongoose.createConnection(child.uri, { dbName: 'bench', maxPoolSize: clients, minPoolSize: clients, autoIndex: false }).asPromise();
    try {
      const items = conn.db!.collection('items');
      const counters = conn.db!.collection<{ _id: number; n: number }>('counters');
      await counters.insertMany(Array.from({ length: clients }, (_, c) => ({ _id: c, n: 0 })));
      const doc = (c: number, i: number) => ({ c, i, title: `item ${i}`, tags: ['a', 'b'], at: new Date(), pence: 1299 });
      // warm up (connections, JIT)
      await drive(1, clients, (c, i) => items.insertOne(doc(c, -i - 1)));
      const inserts = await drive(seconds, clients, (c, i) => items.insertOne(doc(c, i)));
      const incs = await drive(seconds, clients, (c) => counters.updateOne({ _id: c }, { $inc: { n: 1 } }));
      result = { mode: label, inserts, incs };
    } finally {
      await conn.close();
    }
  } finally {
    await child.kill('SIGTERM');
  }
  const note = /journal: .*per fsync\)/.exec(child.log())?.[0];
  return note ? { ...result, note } : result;
}

function row(r: ModeResult): string {
  const f = (x: Figures) => `${String(Math.round(x.perSecond)).padStart(8)} ${x.p50.toFixed(2).padStart(7)} ${x.p99.toFixed(2).padStart(7)}${x.errors ? ` (${x.errors} errors)` : ''}`;
  return `  ${r.mode.padEnd(30)} ${f(r.inserts)}   ${f(r.incs)}`;
}

async function main() {
  const seconds = Number(arg('--seconds') ?? 5);
  const clients = Number(arg('--clients') ?? 50);
  const kills = Number(arg('--kills') ?? 0);
  const base = arg('--dir') ?? os.tmpdir();
  fs.mkdirSync(base, { recursive: true });
  const dir = fs.mkdtempSync(path.join(base, 'store-write-bench-'));
  try {
    console.info(`embedded store writes: ${clients} concurrent clients, ${seconds} s per workload, store in its own process (${os.cpus().length} CPUs, data in ${base})`);
    console.info(`  ${''.padEnd(30)} ${'insert/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)}   ${'$inc/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)}`);
    const results: ModeResult[] = [];
    for (const [label, file, args] of [
      ['memory only', undefined, []],
      ["snapshot (debounced 100 ms)", path.join(dir, 'snapshot.bson'), ['--durability', 'snapshot']],
      ['journal (fsync, group commit)', path.join(dir, 'journal.bson'), ['--durability', 'journal']],
    ] as Array<[string, string | undefined, string[]]>) {
      const r = await benchMode(label, file, args, seconds, clients);
      results.push(r);
      console.info(row(r));
    }
    for (const r of results) if (r.note) console.info(`  ${r.mode}: ${r.note} (group commit, incl. warm-up)`);
    const [, snap, journal] = results;
    console.info(`  journal vs snapshot: inserts ${((journal.inserts.perSecond / snap.inserts.perSecond) * 100).toFixed(0)} %, $inc ${((journal.incs.perSecond / snap.incs.perSecond) * 100).toFixed(0)} % of the throughput`);

    if (kills > 0) {
      console.info(`kill -9 loop: ${kills} kills per mode, 16 workers (insert + $inc), SIGKILL after a random 100-1500 acknowledged writes`);
      for (const [label, mode] of [['snapshot', 'snapshot'], ['journal', 'journal']]) {
        const file = path.join(dir, `kill-${mode}.bson`);
        const lostRounds: number[] = [];
        const r = await runCrashLoop({
          dataFile: file,
          kills,
          workers: 16,
          minAcks: 100,
          maxAcks: 1500,
          storeArgs: ['--durability', mode],
          onRound: ({ check }) => lostRounds.push(check.lostInserts.length + check.lostIncs),
        });
        const rounds = lostRounds.map((n, i) => n - (i > 0 ? lostRounds[i - 1] : 0));
        const withLoss = rounds.filter((n) => n > 0).length;
        console.info(`  ${label.padEnd(9)}: ${r.acknowledged} acknowledged writes, ${r.lost} lost (${((r.lost / r.acknowledged) * 100).toFixed(2)} %), ` +
          `${withLoss}/${kills} kills lost something; over-counted $inc: ${r.rounds[r.rounds.length - 1].check.overCount}`);
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
