import { lazy, Suspense, useCallback, useState, type ComponentType, type RefObject } from 'react';
import { useToast } from '@croft/ui';
import { useNavigate } from '@croft/router';
import { markGestureNavigation } from '@croft/analytics';
import { SecretSevenTrail, useSecretSeven } from '@croft/gesture';
import { RemoteDialog, type RemoteDialogId } from '@croft/federation-bridge';
import type { SectionPageKey } from './section-page-keys';

/*
 * The secret 7 of a section page: the gesture recogniser, its trail and what each page reveals.
 * The section page loads this module just after it renders (the page never waits for it, and
 * the home page, which has no secret 7, never downloads it); the gesture marks the page
 * data-secret-seven="ready" once it listens.
 */

const MembersReveal = lazy(() => import('../members-reveal/members-reveal'));
// Members' reveals load with the gate (on the first secret 7), never in a visitor's first load.
const CookBook = lazy(async () => ({ default: (await import('../cook-book/cook-book')).CookBook }));
const SecretBeerDialog = lazy(async () => ({ default: (await import('../secret-beer/secret-beer-dialog')).SecretBeerDialog }));
const DiceReveal = lazy(async () => ({ default: (await import('../dice/dice-reveal')).DiceReveal }));

/** What the secret 7 opens on a page (spec 001 §2). */
export type SecretReveal =
  | { kind: 'federated'; id: RemoteDialogId }
  | { kind: 'members'; Reveal: ComponentType<{ open: boolean; onClose: () => void }> }
  | { kind: 'common-good' };

export const SECRET_REVEALS: Record<SectionPageKey, SecretReveal> = {
  cafe: { kind: 'federated', id: 'loyalty/LoyaltyCard' },
  hall: { kind: 'federated', id: 'cinema/CinemaBooking' },
  beer: { kind: 'members', Reveal: SecretBeerDialog },
  kitchens: { kind: 'members', Reveal: CookBook },
  cocktails: { kind: 'members', Reveal: DiceReveal },
  community: { kind: 'common-good' },
};

/**
 * Cocktails accepts the 7 "unless the first section is the brand overview" (spec 001 §2): a page
 * opened on its brand overview keeps the gesture for the overview's own use.
 */
export function acceptsSecretSeven(page: SectionPageKey, firstSection: string): boolean {
  return !(page === 'cocktails' && firstSection === 'brand-overview');
}

export const COMMON_GOOD_TOAST = { title: 'Access granted', description: 'Common Good Fund unlocked' } as const;

export interface SectionSecretSevenProps {
  page: SectionPageKey;
  /** The element the 7 is drawn over (the page's main). */
  surface: RefObject<HTMLElement | null>;
  firstSection: string;
}

export default function SectionSecretSeven({ page, surface, firstSection }: SectionSecretSevenProps) {
  const secret = SECRET_REVEALS[page];
  const navigate = useNavigate();
  const { toast } = useToast();
  const [federatedOpen, setFederatedOpen] = useState(false);
  // members' reveals: every 7 asks the gate again (it debounces and ignores one in flight)
  const [requests, setRequests] = useState(0);
  const onSeven = useCallback(() => {
    if (secret.kind === 'members') setRequests((n) => n + 1);
    else if (secret.kind === 'federated') setFederatedOpen(true);
    else {
      toast({ title: COMMON_GOOD_TOAST.title, description: COMMON_GOOD_TOAST.description });
      // Site analytics record this move as a 'gesture' journey (a no-op when analytics are off).
      markGestureNavigation();
      navigate('/common-good');
    }
  }, [secret, navigate, toast]);
  const { gesture } = useSecretSeven({
    onSeven,
    targetRef: surface,
    enabled: acceptsSecretSeven(page, firstSection) && !federatedOpen,
  });
  return (
    <>
      <SecretSevenTrail gesture={gesture} />
      {secret.kind === 'federated' && <RemoteDialog id={secret.id} open={federatedOpen} onClose={() => setFederatedOpen(false)} />}
      {secret.kind === 'members' && requests > 0 && (
        <Suspense fallback={null}>
          <MembersReveal Reveal={secret.Reveal} request={requests} />
        </Suspense>
      )}
    </>
  );
}
