import { useMemo, useState } from 'react';
import { createIdentityClient } from '@croft/api-client';
import { SecretKitchensSignInDialog } from '@croft/auth-gate';
import { getSessionClient, type Session } from '@croft/session';
import { Button, PageFrame } from '@croft/ui';
import { useSession } from '@croft/session/react';

/** The authorised host, as the gateway tells every page (a <meta> it adds to the HTML). */
export function secretKitchensHost(doc: Document = document): string | null {
  return doc.querySelector<HTMLMetaElement>('meta[name="croft:secret-kitchens-host"]')?.content || null;
}

/**
 * /secretkitchens (spec 000 §2, 001 §5): usable only on its own host; anywhere else an Access
 * Restricted screen points there. There, invited kitchen partners sign in by email (no accounts
 * are created) for a 49-hour session.
 */
export function SecretKitchensPage() {
  const host = secretKitchensHost();
  const session = useSession();
  const client = useMemo(() => createIdentityClient(), []);
  const [open, setOpen] = useState(false);

  if (!host || window.location.host.toLowerCase() !== host) {
    const address = host ? `${window.location.protocol}//${host}/secretkitchens` : null;
    return (
      <PageFrame section="kitchens" title="Access Restricted" intro="Secret Kitchens opens only at its own address.">
        {address ? (
          <p>
            Go to <a href={address}>{address}</a> to sign in.
          </p>
        ) : (
          <p>Ask the Croft Common team for the Secret Kitchens address.</p>
        )}
      </PageFrame>
    );
  }

  return (
    <PageFrame section="kitchens" title="Secret Kitchens" intro="For invited kitchen partners of Croft Common.">
      {session ? (
        <p>
          Signed in as <strong>{session.user.email}</strong>. Your session lasts 49 hours from sign-in.
        </p>
      ) : (
        <>
          <p>Sign in with the email the Croft Common team invited.</p>
          <Button onClick={() => setOpen(true)}>Sign in</Button>
        </>
      )}
      <SecretKitchensSignInDialog
        open={open}
        onClose={() => setOpen(false)}
        client={client}
        currentSession={session}
        onSignedIn={(next) => {
          if (next) getSessionClient().setSession(next as Session);
          setOpen(false);
        }}
      />
    </PageFrame>
  );
}
