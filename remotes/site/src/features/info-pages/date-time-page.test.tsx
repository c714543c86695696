import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { DateTimePage } from './date-time-page';

let visibility: DocumentVisibilityState = 'visible';

function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});

afterEach(() => {
  vi.useRealTimers();
});

const clock = () => new Date();
const visibleTime = (container: HTMLElement) => container.querySelector('time')?.textContent;
const liveRegion = (container: HTMLElement) => container.querySelector('[aria-live="polite"]');

describe('DateTimePage', () => {
  it('shows Bristol time, the date in words and that a Friday late night is open', () => {
    vi.useFakeTimers({ now: new Date('2026-01-09T23:30:58Z') });
    const { container } = render(<DateTimePage clock={clock} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Croft Common date and time' })).toBeInTheDocument();
    expect(visibleTime(container)).toBe('23:30:58');
    expect(screen.getByText(/^Friday,? 9 January 2026$/)).toBeInTheDocument();
    expect(screen.getByText('Greenwich Mean Time (UTC)')).toBeInTheDocument();
    expect(screen.getByText('Open now. Closes at 01:00 (after midnight).')).toBeInTheDocument();
    // Today's row in the hours table.
    const today = screen.getByRole('rowheader', { name: /Friday/ }).closest('tr');
    expect(today).toHaveAttribute('aria-current', 'date');
    expect(today).toHaveTextContent('08:00–01:00 (next day)');
  });

  it('uses British Summer Time in summer', () => {
    vi.useFakeTimers({ now: new Date('2026-07-06T04:30:00Z') });
    const { container } = render(<DateTimePage clock={clock} />);
    expect(visibleTime(container)).toBe('05:30:00');
    expect(screen.getByText('British Summer Time (UTC+1)')).toBeInTheDocument();
    expect(screen.getByText('Closed now. Opens today at 08:00.')).toBeInTheDocument();
  });

  it('ticks every second but tells screen readers only when the minute changes', () => {
    vi.useFakeTimers({ now: new Date('2026-01-09T23:30:58Z') });
    const { container } = render(<DateTimePage clock={clock} />);
    const live = liveRegion(container);
    expect(live).toHaveTextContent("It's 23:30 in Bristol. Open now. Closes at 01:00 (after midnight).");
    expect(container.querySelectorAll('[aria-live]')).toHaveLength(1);

    act(() => vi.advanceTimersByTime(1000));
    expect(visibleTime(container)).toBe('23:30:59');
    expect(live).toHaveTextContent("It's 23:30 in Bristol.");

    act(() => vi.advanceTimersByTime(1000));
    expect(visibleTime(container)).toBe('23:31:00');
    expect(live).toHaveTextContent("It's 23:31 in Bristol.");
  });

  it('stops ticking while the tab is hidden and catches up when it shows again', () => {
    vi.useFakeTimers({ now: new Date('2026-01-10T00:59:50Z') });
    const { container } = render(<DateTimePage clock={clock} />);
    expect(vi.getTimerCount()).toBe(1);

    act(() => setVisibility('hidden'));
    expect(vi.getTimerCount()).toBe(0);
    act(() => vi.advanceTimersByTime(20_000));
    expect(visibleTime(container)).toBe('00:59:50');

    act(() => setVisibility('visible'));
    expect(vi.getTimerCount()).toBe(1);
    expect(visibleTime(container)).toBe('01:00:10');
    // Saturday 01:00 in January: Friday's late night is over.
    expect(screen.getByText('Closed now. Opens today at 08:00.')).toBeInTheDocument();
  });

  it('stops its timer when it leaves the page', () => {
    vi.useFakeTimers({ now: new Date('2026-01-09T12:00:00Z') });
    const { unmount } = render(<DateTimePage clock={clock} />);
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
