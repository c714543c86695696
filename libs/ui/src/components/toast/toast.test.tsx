import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider, Toaster, useToast } from './toast';
import { createToastStore, dismissToast, getToastStore, MAX_TOASTS, toast } from './toast-store';
import type { ToastStore } from './toast-store';

describe('toast store', () => {
  it('queues, dismisses one, and dismisses all', () => {
    const store = createToastStore();
    const listener = vi.fn();
    store.subscribe(listener);
    const a = store.toast({ title: 'Code sent!' });
    store.toast({ title: 'Signed in', variant: 'default', duration: 1000 });
    expect(store.getSnapshot().map((t) => t.title)).toEqual(['Code sent!', 'Signed in']);
    expect(store.getSnapshot()[0]).toMatchObject({ variant: 'default', duration: 5000 });
    store.dismiss(a);
    expect(store.getSnapshot().map((t) => t.title)).toEqual(['Signed in']);
    store.dismiss();
    expect(store.getSnapshot()).toEqual([]);
    expect(listener).toHaveBeenCalledTimes(4);
  });

  it('keeps at most MAX_TOASTS, dropping the oldest', () => {
    const store = createToastStore();
    for (let i = 0; i < MAX_TOASTS + 2; i++) store.toast({ title: `T${i}` });
    const titles = store.getSnapshot().map((t) => t.title);
    expect(titles).toHaveLength(MAX_TOASTS);
    expect(titles[0]).toBe('T2');
  });

  it('rejects bad input and changes nothing', () => {
    const store = createToastStore();
    expect(() => store.toast({ title: '' })).toThrow(/non-empty string `title`/);
    expect(() => store.toast({ title: 'x', variant: 'loud' as never })).toThrow(/variant/);
    expect(() => store.toast({ title: 'x', duration: -1 })).toThrow(/duration/);
    expect(() => store.toast({ title: 'x', duration: Number.NaN })).toThrow(/duration/);
    expect(store.getSnapshot()).toEqual([]);
  });

  it('is one store per page, reachable from anywhere', () => {
    expect(getToastStore()).toBe(getToastStore());
    const key = Symbol.for('croft-common.ui.toast-store');
    expect((globalThis as Record<symbol, unknown>)[key]).toBe(getToastStore());
  });
});

describe('Toaster', () => {
  let store: ToastStore;
  beforeEach(() => {
    vi.useFakeTimers();
    store = createToastStore();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('announces default toasts politely and destructive ones assertively', () => {
    render(<Toaster store={store} />);
    const polite = screen.getByTestId('toaster-polite');
    const assertive = screen.getByTestId('toaster-assertive');
    expect(polite).toHaveAttribute('aria-live', 'polite');
    expect(assertive).toHaveAttribute('role', 'alert');
    expect(assertive).toHaveAttribute('aria-live', 'assertive');
    act(() => {
      store.toast({ title: 'Booking confirmed', description: 'Tickets 12, 13' });
      store.toast({ title: 'Sign out failed', description: 'Network down', variant: 'destructive' });
    });
    expect(within(polite).getByText('Booking confirmed')).toBeInTheDocument();
    expect(within(polite).getByText('Tickets 12, 13')).toBeInTheDocument();
    expect(within(assertive).getByText('Sign out failed')).toBeInTheDocument();
    expect(within(polite).queryByText('Sign out failed')).toBeNull();
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('dismisses itself after 5 seconds by default', () => {
    render(<Toaster store={store} />);
    act(() => {
      store.toast({ title: 'Email sent' });
    });
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByText('Email sent')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Email sent')).toBeNull();
  });

  it('honours a custom duration and Infinity', () => {
    render(<Toaster store={store} />);
    act(() => {
      store.toast({ title: 'Quick', duration: 1000 });
      store.toast({ title: 'Sticky', duration: Infinity });
    });
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Quick')).toBeNull();
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText('Sticky')).toBeInTheDocument();
  });

  it('pauses while hovered and resumes with the time that was left', () => {
    render(<Toaster store={store} />);
    act(() => {
      store.toast({ title: 'Code sent!' });
    });
    act(() => vi.advanceTimersByTime(3000));
    const item = screen.getByText('Code sent!').closest('.cc-toast') as HTMLElement;
    fireEvent.pointerEnter(item);
    act(() => vi.advanceTimersByTime(20_000));
    expect(screen.getByText('Code sent!')).toBeInTheDocument();
    fireEvent.pointerLeave(item);
    act(() => vi.advanceTimersByTime(1900));
    expect(screen.getByText('Code sent!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByText('Code sent!')).toBeNull();
  });

  it('pauses while something inside has focus', () => {
    render(<Toaster store={store} />);
    act(() => {
      store.toast({ title: 'Welcome back!' });
    });
    const dismiss = screen.getByRole('button', { name: 'Dismiss notification' });
    act(() => dismiss.focus());
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByText('Welcome back!')).toBeInTheDocument();
    act(() => dismiss.blur());
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByText('Welcome back!')).toBeNull();
  });

  it('has a dismiss button', () => {
    render(<Toaster store={store} />);
    act(() => {
      store.toast({ title: 'Signed in', duration: Infinity });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Signed in')).toBeNull();
    expect(store.getSnapshot()).toEqual([]);
  });
});

describe('ToastProvider and useToast', () => {
  afterEach(() => {
    act(() => dismissToast());
  });

  function Trigger() {
    const { toast: show, toasts } = useToast();
    return (
      <button type="button" onClick={() => show({ title: 'Membership Linked' })}>
        Link ({toasts.length})
      </button>
    );
  }

  it('useToast shows toasts in the provider’s Toaster', () => {
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Link (0)' }));
    expect(screen.getByText('Membership Linked')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Link (1)' })).toBeInTheDocument();
  });

  it('toast() outside React reaches the same Toaster (shell and remotes share it)', () => {
    render(<ToastProvider />);
    act(() => {
      toast({ title: 'Save Failed', description: 'Error: Unknown error', variant: 'destructive' });
    });
    expect(within(screen.getByTestId('toaster-assertive')).getByText('Save Failed')).toBeInTheDocument();
  });

  it('renders one Toaster however many providers are nested', () => {
    render(
      <ToastProvider>
        <ToastProvider>
          <Trigger />
        </ToastProvider>
      </ToastProvider>,
    );
    expect(screen.getAllByRole('region', { name: 'Notifications' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: /Link/ }));
    expect(screen.getAllByText('Membership Linked')).toHaveLength(1);
  });
});
