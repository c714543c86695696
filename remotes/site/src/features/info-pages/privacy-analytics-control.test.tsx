import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ANALYTICS_OPT_OUT_KEY, ANALYTICS_SESSION_KEY } from '@croft/contracts';
import { ANALYTICS_STOP_EVENT, isAnalyticsAllowed } from '@croft/analytics';
import { PrivacyAnalyticsControl } from './privacy-analytics-control';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  Reflect.deleteProperty(navigator, 'globalPrivacyControl');
  Reflect.deleteProperty(navigator, 'doNotTrack');
  Reflect.deleteProperty(navigator, 'webdriver');
  vi.restoreAllMocks();
});

describe('PrivacyAnalyticsControl', () => {
  it('turns analytics off and on for this browser, stating the state and announcing each change', async () => {
    const stopped = vi.fn();
    window.addEventListener(ANALYTICS_STOP_EVENT, stopped);
    sessionStorage.setItem(ANALYTICS_SESSION_KEY, 'a'.repeat(36));
    render(<PrivacyAnalyticsControl />);
    const status = screen.getByRole('status');
    expect(status).toBeEmptyDOMElement();
    expect(screen.getByText('Analytics are on for this browser.')).toBeInTheDocument();

    const off = screen.getByRole('button', { name: 'Turn analytics off' });
    expect(off).toHaveAccessibleDescription('Analytics are on for this browser.');
    await userEvent.click(off);
    expect(localStorage.getItem(ANALYTICS_OPT_OUT_KEY)).toBe('1');
    expect(isAnalyticsAllowed()).toBe(false);
    // A tracker already running on this page is told to stop; the tab's visit id is forgotten.
    expect(stopped).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(ANALYTICS_SESSION_KEY)).toBeNull();
    expect(status).toHaveTextContent('Analytics turned off for this browser. Nothing more will be recorded.');
    expect(screen.getByText('Analytics are off for this browser.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Turn analytics on' }));
    expect(localStorage.getItem(ANALYTICS_OPT_OUT_KEY)).toBeNull();
    expect(isAnalyticsAllowed()).toBe(true);
    expect(status).toHaveTextContent('Analytics turned on for this browser. They start again on the next page you load.');
    expect(screen.getByRole('button', { name: 'Turn analytics off' })).toHaveFocus();
    window.removeEventListener(ANALYTICS_STOP_EVENT, stopped);
  });

  it('under Global Privacy Control or Do Not Track: says analytics are off because of the browser', async () => {
    Object.defineProperty(navigator, 'globalPrivacyControl', { value: true, configurable: true });
    Object.defineProperty(navigator, 'doNotTrack', { value: '1', configurable: true });
    render(<PrivacyAnalyticsControl />);
    expect(
      screen.getByText('Analytics are off: your browser sends Do Not Track and Global Privacy Control, so nothing is recorded whatever you choose here.'),
    ).toBeInTheDocument();
    // The visitor's own choice still works (and is kept if the browser setting changes later).
    await userEvent.click(screen.getByRole('button', { name: 'Turn analytics off' }));
    expect(localStorage.getItem(ANALYTICS_OPT_OUT_KEY)).toBe('1');
    expect(screen.getByText(/You have also turned them off for this browser\./)).toBeInTheDocument();
  });

  it('a browser driven by automation software: says analytics are off because only visitors are counted', () => {
    Object.defineProperty(navigator, 'webdriver', { value: true, configurable: true });
    render(<PrivacyAnalyticsControl />);
    expect(screen.getByText('Analytics are off: automation software is driving this browser, and we only count visitors.')).toBeInTheDocument();
  });

  it('a browser that will not store the choice: says so and changes nothing', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    render(<PrivacyAnalyticsControl />);
    await userEvent.click(screen.getByRole('button', { name: 'Turn analytics off' }));
    expect(screen.getByRole('status')).toHaveTextContent('Your browser would not let us save this choice.');
    expect(screen.getByRole('button', { name: 'Turn analytics off' })).toBeInTheDocument();
  });
});
