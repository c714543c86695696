import { useEffect } from 'react';
import { buildSession } from '@croft/mocks';
import { getSessionClient } from '@croft/session';
import LoyaltyAdmin from './loyalty-admin';

/**
 * Standalone page for QA: the staff panel as /admin mounts it, signed in as a member of staff
 * (the mocks answer for member@example.com).
 */
export function LoyaltyAdminDemo() {
  useEffect(() => {
    if (!getSessionClient().getSession()) getSessionClient().setSession(buildSession({ email: 'barista@croftcommon.co.uk', roles: ['staff'] }));
  }, []);
  return <LoyaltyAdmin basePath="/admin/loyalty" />;
}
