import { describe, expect, it } from 'vitest';
import { kindOf, kindWithoutRecording, recordingTime, scriptTime } from './task-kind';
import type { TraceEvent } from './trace-anchor';

// Slices as main-thread.ts reads them from a trace: complete events, times in µs.
const slice = (name: string, ts: number, dur: number): TraceEvent => ({ name, cat: 'x', ph: 'X', ts, dur, pid: 1, tid: 1 });

// Shapes of long tasks in a real trace of / at 4×.
const commit = slice('RunTask', 0, 239_000); // DocumentLoader::CommitNavigation, the inline script inside
const commitKids = [slice('DocumentLoader::CommitNavigation', 1_000, 189_000), slice('ParseHTML', 20_000, 150_000), slice('EvaluateScript', 60_000, 3_000), slice('v8.run', 60_500, 2_000)];
const mainJs = slice('RunTask', 1_189_000, 219_000);
const mainJsKids = [slice('EvaluateScript', 1_189_500, 216_000), slice('v8.run', 1_190_000, 214_000), slice('MinorGC', 1_300_000, 4_000)];
const handler = slice('RunTask', 2_000_000, 80_000); // a handler that forces a 40 ms layout
const handlerKids = [slice('EventDispatch', 2_000_100, 79_000), slice('FunctionCall', 2_000_200, 60_000), slice('Layout', 2_010_000, 40_000), slice('Layout', 2_061_000, 15_000)];

describe('scriptTime: the part of a task spent in script', () => {
  it('counts nested slices once (EvaluateScript around v8.run around a GC)', () => {
    expect(scriptTime(mainJs, mainJsKids)).toBeCloseTo(216, 5);
  });

  it('counts work a script forced as the script’s, and the browser work after it as the browser’s', () => {
    expect(scriptTime(handler, handlerKids)).toBeCloseTo(60, 5);
  });

  it('ignores slices outside the task', () => {
    expect(scriptTime(commit, [...commitKids, ...mainJsKids])).toBeCloseTo(3, 5);
    expect(scriptTime(slice('RunTask', 5_000_000, 60_000), mainJsKids)).toBe(0);
  });

  it('adds separate script slices in one task', () => {
    const timer = slice('RunTask', 0, 100_000);
    expect(scriptTime(timer, [slice('FunctionCall', 1_000, 20_000), slice('RunMicrotasks', 30_000, 25_000), slice('Layout', 60_000, 30_000)])).toBeCloseTo(45, 5);
  });
});

// A task's kind as main-thread.ts reads it: its duration and its script time.
const taskKind = (task: TraceEvent, slices: readonly TraceEvent[], limitMs: number) => kindOf((task.dur ?? 0) / 1000, scriptTime(task, slices), limitMs);

describe('kindOf: whose work made a task long', () => {
  it("is the browser's when the task is over the limit even without its script (navigation commit, layout)", () => {
    expect(taskKind(commit, commitKids, 50)).toBe('browser');
    expect(taskKind(slice('RunTask', 0, 94_000), [slice('Layout', 100, 44_000), slice('UpdateLayoutTree', 44_200, 45_000)], 50)).toBe('browser');
  });

  it('is the script’s when it is under the limit without it', () => {
    expect(taskKind(mainJs, mainJsKids, 50)).toBe('script');
    expect(taskKind(handler, handlerKids, 50)).toBe('script');
  });

  it('is the browser\'s only over the limit without the script time, not at it', () => {
    expect(kindOf(94, 43.9, 50)).toBe('browser');
    expect(kindOf(94, 44, 50)).toBe('script');
  });
});

// React DOM's chunk in a trace of /beer at 4×: its evaluation, and V8 re-parsing its module for
// the recording inside the microtasks that run it (twice: the module, then a small function).
const reactDom = slice('RunTask', 3_000_000, 57_000);
const reactDomKids = [
  slice('EvaluateScript', 3_000_100, 56_000),
  slice('v8.run', 3_000_200, 55_000),
  slice('RunMicrotasks', 3_001_000, 54_000),
  slice('V8.CollectSourcePositions', 3_001_100, 38_800),
  slice('V8.ParseFunction', 3_001_200, 37_200),
  slice('V8.CollectSourcePositions', 3_045_000, 1_000),
];

describe('recordingTime: what the recording itself cost inside a task', () => {
  it('adds V8 re-parses for source positions inside the task, and nothing else', () => {
    expect(recordingTime(reactDom, reactDomKids)).toBeCloseTo(39.8, 5);
    expect(recordingTime(mainJs, mainJsKids)).toBe(0);
    expect(recordingTime(slice('RunTask', 0, 10_000), reactDomKids)).toBe(0);
  });
});

describe('kindWithoutRecording: the task read without the recording’s work', () => {
  it('is no longer long when the re-parse is what took it over the limit', () => {
    const dur = (reactDom.dur ?? 0) / 1000;
    expect(kindOf(dur, scriptTime(reactDom, reactDomKids), 50)).toBe('script');
    expect(kindWithoutRecording(dur, scriptTime(reactDom, reactDomKids), recordingTime(reactDom, reactDomKids), 50)).toBeNull();
  });

  it('keeps a task that is long without it, read the same way', () => {
    expect(kindWithoutRecording(216, 216, 0, 50)).toBe('script');
    expect(kindWithoutRecording(120, 70, 10, 50)).toBe('script');
    expect(kindWithoutRecording(239, 3, 0, 50)).toBe('browser');
  });

  it('is null exactly at the limit, as a task of 50 ms is not over it', () => {
    expect(kindWithoutRecording(80, 60, 30, 50)).toBeNull();
    expect(kindWithoutRecording(80.5, 60, 30, 50)).toBe('script');
  });
});
