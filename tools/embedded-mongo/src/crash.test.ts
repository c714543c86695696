import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCrashLoop } from './testing/crash-harness';

let dir: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-mongo-crash-'));
});

afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('kill -9 during a write burst', () => {
  it('loses no acknowledged insert or $inc over 5 SIGKILLs at random moments', async () => {
    const result = await runCrashLoop({ dataFile: path.join(dir, 'data.bson'), kills: 5, workers: 16, minAcks: 100, maxAcks: 1500 });
    const summary = result.rounds.map((r) => ({
      round: r.round,
      acked: r.acked,
      lostInserts: r.check.lostInserts.length,
      lostIncs: r.check.lostIncs,
      overCount: r.check.overCount,
    }));
    expect(result.rounds).toHaveLength(5);
    // every round did real work before its kill
    for (const r of result.rounds) expect(r.acked).toBeGreaterThanOrEqual(100);
    expect(summary.filter((s) => s.lostInserts || s.lostIncs || s.overCount)).toEqual([]);
    const final = result.rounds[result.rounds.length - 1].check;
    expect(final.counter).toBeGreaterThanOrEqual(result.ledger.ackedIncs);
    expect(final.counter).toBeLessThanOrEqual(result.ledger.attemptedIncs);
    expect(final.documents).toBeGreaterThanOrEqual(result.ledger.ackedInserts.size);
    expect(final.documents).toBeLessThanOrEqual(result.ledger.attemptedInserts);
  }, 120_000);
});
