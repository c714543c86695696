import { useEffect } from 'react';
import { buildSession } from '@croft/mocks';
import { getSessionClient } from '@croft/session';
import NudgesAdmin from './nudges-admin';

/** Standalone page for QA: the nudge staff panel as /admin mounts it, signed in as staff. */
export function NudgesAdminDemo() {
  useEffect(() => {
    if (!getSessionClient().getSession()) getSessionClient().setSession(buildSession({ email: 'sam.staff@croftcommon.co.uk', roles: ['staff'] }));
  }, []);
  return <NudgesAdmin basePath="/admin/nudges" />;
}
