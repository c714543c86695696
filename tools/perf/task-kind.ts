/**
 * Whose work made a long main-thread task long: the page's scripts, or the browser's own work
 * (committing the navigation, parsing HTML, style, layout, paint, fonts, images). Used by
 * tools/perf/main-thread.ts to read the "no task over 50 ms before the first tap" beside
 * the bare host, whose own tasks over 50 ms on this machine are all the browser's or React's.
 *
 * The script time of a task is the union of the script slices inside it (a script's evaluation,
 * a function call from the browser, microtasks, V8 compiling a script), so nested slices count
 * once and the browser work a script forces (a layout read in a handler) counts as the script's.
 * A task is long because of script when, without that time, it would not be over the limit.
 */
import type { TraceEvent } from './trace-anchor';

/** Slices in which the page's JavaScript runs (or V8 compiles it), as Chromium names them. */
export const SCRIPT_SLICES = new Set(['EvaluateScript', 'FunctionCall', 'RunMicrotasks', 'v8.run', 'v8.callFunction', 'v8.compile', 'v8.compileModule', 'v8.evaluateModule']);

export type TaskKind = 'script' | 'browser';

/**
 * V8 re-parsing code for its source positions (V8.CollectSourcePositions). V8 leaves them out when
 * it compiles and re-parses a function when something asks for them: an error's stack when read
 * (the visitor's pages read none), a debugger, or a recording. While a trace or a profiler records,
 * V8 wants them for the code it finalizes and for every function on a recorded stack (a timer's or
 * a request's initiator), so the recording re-parses code the page compiled eagerly (a script's
 * outer function, the shell's chunks under their compile hint) inside the page's own tasks. Measured
 * (tools/perf, /beer at 4×): React DOM's chunk is a 27–40 ms task in a trace and 1–15 ms in the same
 * trace with V8's --no-enable-lazy-source-positions (positions kept at compile, no re-parse).
 */
export const RECORDING_SLICES = new Set(['V8.CollectSourcePositions']);

/** Milliseconds of `task` covered by the slices named in `names` that start inside it (each instant once). */
export function sliceTime(task: TraceEvent, slices: readonly TraceEvent[], names: ReadonlySet<string>): number {
  const start = task.ts;
  const end = task.ts + (task.dur ?? 0);
  const spans = slices
    .filter((e) => names.has(e.name) && e !== task && e.ts >= start && e.ts < end && (e.dur ?? 0) > 0)
    .map((e) => [e.ts, Math.min(end, e.ts + (e.dur ?? 0))] as const)
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let current: [number, number] | null = null;
  for (const [from, to] of spans) {
    if (current && from <= current[1]) {
      current[1] = Math.max(current[1], to);
    } else {
      if (current) total += current[1] - current[0];
      current = [from, to];
    }
  }
  if (current) total += current[1] - current[0];
  return total / 1000;
}

/** Milliseconds of `task` spent in script: the union of the script slices that start inside it. */
export const scriptTime = (task: TraceEvent, slices: readonly TraceEvent[]): number => sliceTime(task, slices, SCRIPT_SLICES);

/** Milliseconds of `task` the recording itself cost (RECORDING_SLICES). */
export const recordingTime = (task: TraceEvent, slices: readonly TraceEvent[]): number => sliceTime(task, slices, RECORDING_SLICES);

/** 'browser' when a task of `durMs` is over `limitMs` even without its `scriptMs`, else 'script'. */
export function kindOf(durMs: number, scriptMs: number, limitMs: number): TaskKind {
  return durMs - scriptMs > limitMs ? 'browser' : 'script';
}

/**
 * The same reading with the recording's own work taken out (it runs inside script, so it comes off
 * both the task and its script time): null when the task is no longer over `limitMs` without it.
 */
export function kindWithoutRecording(durMs: number, scriptMs: number, recordingMs: number, limitMs: number): TaskKind | null {
  const dur = durMs - recordingMs;
  if (dur <= limitMs) return null;
  return kindOf(dur, Math.max(0, scriptMs - recordingMs), limitMs);
}
