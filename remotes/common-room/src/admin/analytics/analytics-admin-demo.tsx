import { useEffect } from 'react';
import { buildSession } from '@croft/mocks';
import { getSessionClient } from '@croft/session';
import AnalyticsAdmin from './analytics-admin';

/** Standalone page for QA: the analytics admin module as /admin/analytics mounts it, signed in as staff. */
export function AnalyticsAdminDemo() {
  useEffect(() => {
    if (!getSessionClient().getSession()) getSessionClient().setSession(buildSession({ email: 'sam.staff@croftcommon.co.uk', roles: ['staff'] }));
  }, []);
  return <AnalyticsAdmin basePath="/admin/analytics" />;
}

/** The member analytics screen (as /admin/member-analytics shows it, without the cms's frame). */
export function MemberAnalyticsDemo() {
  useEffect(() => {
    if (!getSessionClient().getSession()) getSessionClient().setSession(buildSession({ email: 'sam.staff@croftcommon.co.uk', roles: ['staff'] }));
  }, []);
  return (
    <main aria-label="Member analytics">
      <AnalyticsAdmin basePath="/admin/analytics" view="members" />
    </main>
  );
}

/** The legacy raw tables (as /admin/member-analytics-legacy shows them). */
export function LegacyTablesDemo() {
  useEffect(() => {
    if (!getSessionClient().getSession()) getSessionClient().setSession(buildSession({ email: 'sam.staff@croftcommon.co.uk', roles: ['staff'] }));
  }, []);
  return (
    <main aria-label="Member analytics (legacy)">
      <AnalyticsAdmin basePath="/admin/analytics" view="legacy" />
    </main>
  );
}
