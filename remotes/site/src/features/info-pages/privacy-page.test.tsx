import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { CONSENT_TEXT_VERSION } from '@croft/contracts';
import { PrivacyPage } from './privacy-page';
import { RETENTION_RULES } from './privacy-notice';

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
    expect(row('Site analytics')).toHaveTextContent('Nothing yet');
    expect(row('Booking enquiries')).toHaveTextContent('12 months after the date you asked about');
    expect(row('Common Good messages')).toHaveTextContent('deleted 30 days after you sent them');
    expect(row('Consent and unsubscribe records (time, consent text version, IP address, user agent)')).toHaveTextContent(
      'for 2 years',
    );
  });
});
