import { useState } from 'react';
import { useNavigate } from '@croft/router';
import { getSessionClient } from '@croft/session';
import { Button, useToast, type ButtonVariant } from '@croft/ui';
import { STAFF_LOGIN_PATH } from '../access';

/** Signs out of this browser and goes to the staff sign-in. */
export function SignOutButton({ variant = 'secondary' }: { variant?: ButtonVariant }) {
  const navigate = useNavigate();
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const signOut = async () => {
    setBusy(true);
    try {
      await getSessionClient().signOut();
      navigate(STAFF_LOGIN_PATH);
    } catch (error) {
      toast({ title: 'Sign out failed', description: error instanceof Error ? error.message : undefined, variant: 'destructive' });
      setBusy(false);
    }
  };
  return (
    <Button variant={variant} loading={busy} loadingLabel="Signing out" onClick={() => void signOut()}>
      Sign out
    </Button>
  );
}
