import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { COMMON_GOOD_POLL_MS } from '@croft/contracts';
import type { CommonGoodTotalClient } from '@croft/api-client';
import { queryWrapper } from '@croft/query/testing';
import { useCommonGoodTotal } from './get-common-good-total';

/** A client whose total answers come from a queue (a number, or an Error to fail). */
function scriptedClient(answers: (number | Error)[]) {
  const getCommonGoodTotal = vi.fn((): Promise<number> => {
    const next = answers.length > 1 ? answers.shift()! : answers[0];
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
  });
  const client: CommonGoodTotalClient = { getCommonGoodTotal };
  return { client, getCommonGoodTotal };
}

let visibility: DocumentVisibilityState = 'visible';
function setVisibility(value: DocumentVisibilityState) {
  visibility = value;
  // As in a browser, the event bubbles from the document to the window (where react-query listens).
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}

beforeEach(() => {
  vi.useFakeTimers();
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});
afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(document, 'visibilityState');
});

const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('useCommonGoodTotal', () => {
  it('polls every 60 s', async () => {
    expect(COMMON_GOOD_POLL_MS).toBe(60_000);
    const { client, getCommonGoodTotal } = scriptedClient([100, 250, 400]);
    const { result } = renderHook(() => useCommonGoodTotal(client), { wrapper: queryWrapper() });
    expect(result.current).toEqual({ status: 'loading' });
    await tick(0);
    expect(getCommonGoodTotal).toHaveBeenCalledTimes(1);
    expect(result.current).toEqual({ status: 'ready', pence: 100 });

    await tick(59_999);
    expect(getCommonGoodTotal).toHaveBeenCalledTimes(1);
    await tick(1);
    expect(getCommonGoodTotal).toHaveBeenCalledTimes(2);
    expect(result.current).toEqual({ status: 'ready', pence: 250 });
    await tick(60_000);
    expect(getCommonGoodTotal).toHaveBeenCalledTimes(3);
    expect(result.current).toEqual({ status: 'ready', pence: 400 });
  });

  it('pauses while the tab is hidden and reads at once when it is shown again', async () => {
    const { client, getCommonGoodTotal } = scriptedClient([100, 200]);
    const { result } = renderHook(() => useCommonGoodTotal(client), { wrapper: queryWrapper() });
    await tick(0);
    expect(getCommonGoodTotal).toHaveBeenCalledTimes(1);

    act(() => setVisibility('hidden'));
    await tick(5 * 60_000);
    expect(getCommonGoodTotal).toHaveBeenCalledTimes(1);

    act(() => setVisibility('visible'));
    await tick(0);
    expect(getCommonGoodTotal).toHaveBeenCalledTimes(2);
    expect(result.current).toEqual({ status: 'ready', pence: 200 });
    // The timer restarts from the moment the tab came back.
    await tick(59_999);
    expect(getCommonGoodTotal).toHaveBeenCalledTimes(2);
    await tick(1);
    expect(getCommonGoodTotal).toHaveBeenCalledTimes(3);
  });

  it('is unknown when the first read fails, keeps the last amount when a refresh fails, and logs', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { client } = scriptedClient([new Error('down'), 500, new Error('blip'), 700]);
    const { result } = renderHook(() => useCommonGoodTotal(client), { wrapper: queryWrapper() });
    await tick(0);
    expect(result.current).toEqual({ status: 'unknown' });
    expect(log).toHaveBeenCalledTimes(1);
    await tick(60_000);
    expect(result.current).toEqual({ status: 'ready', pence: 500 });
    await tick(60_000);
    expect(result.current).toEqual({ status: 'ready', pence: 500 });
    expect(log).toHaveBeenCalledTimes(2);
    await tick(60_000);
    expect(result.current).toEqual({ status: 'ready', pence: 700 });
    log.mockRestore();
  });

  it('stops polling when unmounted', async () => {
    const { client, getCommonGoodTotal } = scriptedClient([100]);
    const { unmount } = renderHook(() => useCommonGoodTotal(client), { wrapper: queryWrapper() });
    await tick(0);
    unmount();
    await tick(10 * 60_000);
    expect(getCommonGoodTotal).toHaveBeenCalledTimes(1);
  });
});
