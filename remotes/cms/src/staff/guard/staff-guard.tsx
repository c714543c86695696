import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from '@croft/router';
import { PageFrame, Spinner } from '@croft/ui';
import { mayOpen, rolesInWords, STAFF_ACCESS, STAFF_LOGIN_PATH, type StaffAccess } from '../access';
import { useStaffSession, type StaffIdentity } from '../session';
import { AuthenticatorStep } from './authenticator-step';
import { SignOutButton } from './sign-out-button';
import './staff-guard.css';

export const NOT_AUTHORISED_TITLE = 'Not authorised';

/** Signed in, but without a role the page needs: who they are, what it needs, and ways out. */
export function NotAuthorised({ identity, access }: { identity: StaffIdentity; access: StaffAccess }) {
  const needed = rolesInWords(STAFF_ACCESS[access]);
  const has = identity.roles.length ? rolesInWords(identity.roles) : null;
  return (
    <PageFrame title={NOT_AUTHORISED_TITLE} section="home" eyebrow="Staff area">
      <div className="cms-staff-panel">
        <p>
          You're signed in as <strong>{identity.email}</strong>
          {has ? `, with the ${has} role${identity.roles.length > 1 ? 's' : ''}` : ', with no staff role'}.
        </p>
        <p>
          This page needs the <strong>{needed}</strong> role. An admin can grant it at People in the staff area; it
          reaches you within ten minutes, or at once when you sign in again.
        </p>
        <div className="cms-staff-panel__actions">
          <SignOutButton />
          <Link to="/" className="cms-staff-link">
            Back to the home page
          </Link>
        </div>
      </div>
    </PageFrame>
  );
}

export interface StaffGuardProps {
  /** Which roles the page needs (STAFF_ACCESS). */
  access: StaffAccess;
  children: ReactNode;
}

/**
 * The gate in front of every staff page: not signed in → the staff sign-in (remembering where they
 * were going); signed in without the role → 'Not authorised'; an authenticator app but an aal1
 * session → the authenticator step first. The services check roles and aal again on every call.
 */
export function StaffGuard({ access, children }: StaffGuardProps) {
  const state = useStaffSession();
  const location = useLocation();
  if (state.status === 'restoring') {
    return (
      <PageFrame title="Staff area" section="home">
        <Spinner label="Checking your sign-in" />
      </PageFrame>
    );
  }
  if (state.status === 'signed-out') {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`${STAFF_LOGIN_PATH}?next=${encodeURIComponent(from)}`} replace state={{ from }} />;
  }
  const { identity, session } = state;
  if (!mayOpen(identity.roles, access)) return <NotAuthorised identity={identity} access={access} />;
  if (identity.mfa && identity.aal !== 'aal2') return <AuthenticatorStep identity={identity} userId={session.user.id} />;
  return <>{children}</>;
}
