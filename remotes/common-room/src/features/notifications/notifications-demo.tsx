import { useMemo, useState } from 'react';
import { Select } from '@croft/ui/forms';
import { NotificationsPage } from './notifications-page';
import { createFakePushAdapter, type FakeBrowserOptions } from './push-adapter';

const BROWSERS: Record<string, { label: string; options: FakeBrowserOptions }> = {
  allows: { label: 'Asks, and you allow', options: {} },
  blocks: { label: 'Asks, and you block', options: { answer: 'denied' } },
  blocked: { label: 'Already blocked in the site settings', options: { permission: 'denied' } },
  dismissed: { label: 'Asks, and you close the question', options: { answer: 'default' } },
  unsupported: { label: 'No service worker or Push API', options: { supported: false } },
  refuses: { label: 'The push service refuses', options: { subscribeFails: 'Push service not available' } },
  received: { label: 'Allows; a nudge to /hall was received', options: { lastReceived: { url: '/hall', timestamp: Date.now(), nudge_id: '' } } },
};

/**
 * Standalone page for QA (/notifications/simulated): /notifications with a simulated browser,
 * since the remote's dev server has no /sw.js and no push service. Pick how the browser behaves;
 * the nudge mocks answer the service's side (sign in with the banner's code to be a member).
 */
export function NotificationsDemo() {
  const [which, setWhich] = useState('allows');
  const push = useMemo(() => createFakePushAdapter(BROWSERS[which]?.options), [which]);
  return (
    <>
      <div className="cc-standalone-banner" role="note">
        <Select
          label="Simulated browser"
          value={which}
          onChange={(e) => setWhich(e.target.value)}
          options={Object.entries(BROWSERS).map(([value, { label }]) => ({ value, label }))}
        />
      </div>
      <NotificationsPage key={which} push={push} />
    </>
  );
}
