import { useEffect } from 'react';
import { buildSession } from '@croft/mocks';
import { getSessionClient } from '@croft/session';
import CinemaAdmin from './cinema-admin';

/** Standalone page for QA: the cinema staff panel as /admin mounts it, signed in as staff. */
export function CinemaAdminDemo() {
  useEffect(() => {
    if (!getSessionClient().getSession()) getSessionClient().setSession(buildSession({ email: 'door@croftcommon.co.uk', roles: ['staff'] }));
  }, []);
  return <CinemaAdmin basePath="/admin/cinema" />;
}
