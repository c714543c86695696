import { describe, expect, it } from 'vitest';
import { anchor, NoAnchorError, type TraceEvent } from './trace-anchor';

const URL_ = 'http://localhost:3410/cafe';
const event = (name: string, pid: number, ts: number, data: Record<string, unknown> = {}): TraceEvent => ({ name, cat: 'x', ph: 'R', ts, pid, tid: 1, args: { data } });

// A spare renderer (about:blank, no URL) and the page's renderer, as in a real trace of the tool.
const spare = [event('navigationStart', 5378, 1_000, { documentLoaderURL: '', isOutermostMainFrame: true }), event('domInteractive', 5378, 1_500)];
const commit = event('FrameCommittedInBrowser', 3582, 50_000, { isOutermostMainFrame: true, processId: 5377, url: URL_ });

describe('anchor: where a traced page load starts', () => {
  it("is the page's navigationStart when the trace has it", () => {
    const events = [...spare, commit, event('navigationStart', 5377, 40_000, { documentLoaderURL: URL_, isOutermostMainFrame: true }), event('domInteractive', 5377, 440_000)];
    expect(anchor(events, URL_, 400)).toEqual({ pid: 5377, origin: 40_000, by: 'navigationStart' });
  });

  it('is placed by the renderer the browser committed the page in and its domInteractive when navigationStart was lost', () => {
    // The page says domInteractive came 391 ms after its time 0; the trace has the mark at 441,000 µs.
    const events = [...spare, commit, event('domInteractive', 5377, 441_000)];
    expect(anchor(events, URL_, 391)).toEqual({ pid: 5377, origin: 50_000, by: 'domInteractive' });
  });

  it('ignores other pages and inner frames', () => {
    const events = [
      ...spare,
      event('navigationStart', 7000, 2_000, { documentLoaderURL: 'http://localhost:3410/beer', isOutermostMainFrame: true }),
      event('navigationStart', 7001, 3_000, { documentLoaderURL: URL_, isOutermostMainFrame: false }),
      commit,
      event('domInteractive', 5377, 441_000),
    ];
    expect(anchor(events, URL_, 391).pid).toBe(5377);
  });

  it('cannot place a trace with neither (the tool then traces the load again)', () => {
    expect(() => anchor(spare, URL_, 391)).toThrow(NoAnchorError);
    // The commit without the page's own domInteractive time is not enough either.
    expect(() => anchor([...spare, commit, event('domInteractive', 5377, 441_000)], URL_, undefined)).toThrow(NoAnchorError);
  });
});
