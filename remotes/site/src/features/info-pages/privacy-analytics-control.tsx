import { useId, useState } from 'react';
import { Button } from '@croft/ui';
import { analyticsSignals, setAnalyticsOptOut, type AnalyticsSignals } from '@croft/analytics';
import './privacy-analytics-control.css';

function stateText(signals: AnalyticsSignals): string {
  const browser = [signals.doNotTrack && 'Do Not Track', signals.globalPrivacyControl && 'Global Privacy Control'].filter(Boolean).join(' and ');
  if (browser) {
    return `Analytics are off: your browser sends ${browser}, so nothing is recorded whatever you choose here.${
      signals.optedOut ? ' You have also turned them off for this browser.' : ''
    }`;
  }
  if (signals.optedOut) return 'Analytics are off for this browser.';
  return signals.automated ? 'Analytics are off: automation software is driving this browser, and we only count visitors.' : 'Analytics are on for this browser.';
}

/**
 * The opt-out on /privacy (issue 15): states whether analytics run in this browser and why, and
 * turns them off or back on (local storage, via @croft/analytics). Turning them off also stops a
 * tracker already running on this page; the change is announced politely.
 */
export function PrivacyAnalyticsControl() {
  const [signals, setSignals] = useState<AnalyticsSignals>(() => analyticsSignals());
  const [announcement, setAnnouncement] = useState('');
  const stateId = useId();
  const toggle = () => {
    const off = !signals.optedOut;
    if (!setAnalyticsOptOut(off)) {
      setAnnouncement('Your browser would not let us save this choice. Blocking site storage for us keeps analytics off as well.');
      return;
    }
    setSignals(analyticsSignals());
    setAnnouncement(
      off
        ? 'Analytics turned off for this browser. Nothing more will be recorded.'
        : 'Analytics turned on for this browser. They start again on the next page you load.',
    );
  };
  return (
    <div className="site-privacy-analytics" role="group" aria-label="Analytics in this browser">
      <p id={stateId} className="site-privacy-analytics__state">
        {stateText(signals)}
      </p>
      <Button variant="secondary" onClick={toggle} aria-describedby={stateId}>
        {signals.optedOut ? 'Turn analytics on' : 'Turn analytics off'}
      </Button>
      <p role="status" className="site-privacy-analytics__status">
        {announcement}
      </p>
    </div>
  );
}
