import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { ANALYTICS_OPT_OUT_KEY, CONSENT_TEXT_VERSION } from '@croft/contracts';
import { PrivacyPage } from './privacy-page';
import { ANALYTICS_RECORDS, RETENTION_RULES } from './privacy-notice';

afterEach(() => localStorage.clear());

describe('PrivacyPage', () => {
  it('is a titled page whose table of contents reaches every section', () => {
    render(<PrivacyPage />);
    expect(screen.getByRole('main', { name: 'Your data at Croft Common' })).toBeInTheDocument();
    const toc = screen.getByRole('navigation', { name: 'On this page' });
    for (const link of within(toc).getAllByRole('link')) {
      const target = document.getElementById(link.getAttribute('href')!.slice(1));
      expect(target, link.textContent ?? '').not.toBeNull();
    }
  });

  it('names the consent text version the newsletter records and the contact address', () => {
    render(<PrivacyPage />);
    expect(screen.getByText(CONSENT_TEXT_VERSION)).toBeInTheDocument();
    const contacts = screen.getAllByRole('link', { name: 'privacy@croftcommon.co.uk' });
    expect(contacts.length).toBeGreaterThan(0);
    for (const link of contacts) expect(link).toHaveAttribute('href', 'mailto:privacy@croftcommon.co.uk');
  });

  it('lists a retention period for every kind of record', () => {
    render(<PrivacyPage />);
    const table = screen.getByRole('table', { name: 'Retention periods' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(RETENTION_RULES.length);
    const row = (name: string) => within(table).getByRole('rowheader', { name }).closest('tr');
    expect(row('Site analytics')).toHaveTextContent('13 months, then deleted');
    expect(row('Site analytics')).toHaveTextContent('only daily totals');
    expect(row('Booking enquiries')).toHaveTextContent('12 months after the date you asked about');
    expect(row('Common Good messages')).toHaveTextContent('deleted 30 days after you sent them');
    expect(row('Consent and unsubscribe records (time, consent text version, IP address, user agent)')).toHaveTextContent(
      'for 2 years',
    );
  });

  it('says what site analytics record (the four kinds), what they never record, for how long, and that DNT and GPC are honoured', () => {
    render(<PrivacyPage />);
    const section = screen.getByRole('region', { name: 'Site analytics' });
    const kinds = within(section)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(kinds).toEqual(['Visits', 'Page views', 'Journeys', 'Presses', 'What it never records', 'How long', 'Your choice']);
    expect(ANALYTICS_RECORDS.map((r) => r.name)).toEqual(['Visits', 'Page views', 'Journeys', 'Presses']);
    const text = section.textContent ?? '';
    for (const fact of [
      'random visit id',
      'how many seconds it was on your screen',
      'how far down you scrolled',
      'within 5 seconds',
      'a link, the menu, the back button or a secret gesture',
      'up to 100 characters of its label',
      'no cookies',
      'nothing you type',
      'no IP address',
      'changes every day',
      'kept for 13 months',
      'Do Not Track',
      'Global Privacy Control',
    ]) {
      expect(text).toContain(fact);
    }
    expect(within(section).getByRole('group', { name: 'Analytics in this browser' })).toBeInTheDocument();
  });

  it('the device storage list names the analytics visit id and the opt-out', () => {
    render(<PrivacyPage />);
    const device = screen.getByRole('region', { name: 'What we keep on your device' });
    expect(device).toHaveTextContent('the random visit id of our site analytics');
    expect(device).toHaveTextContent('only if you turn site analytics off');
  });

  it('shows the analytics choice already made in this browser', () => {
    localStorage.setItem(ANALYTICS_OPT_OUT_KEY, '1');
    render(<PrivacyPage />);
    expect(screen.getByText('Analytics are off for this browser.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn analytics on' })).toBeInTheDocument();
  });
});
