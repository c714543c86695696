import { lazy, Suspense, useCallback, useId, useRef, useState, type ComponentType, type ReactNode, type RefObject } from 'react';
import { useToast } from '@croft/ui';
import { useNavigate } from '@croft/router';
import { SecretSevenTrail, useSecretSeven } from '@croft/gesture';
import { FaqSection } from '../faq/faq-section';
import { SiteFooter } from '../footer/site-footer';
import { PageActions } from '@croft/menus';
import { RemoteDialog, type RemoteDialogId } from '@croft/federation-bridge';
import { SectionHero } from './section-hero';
import { TextSection } from './text-section';
import { SECTION_PAGE_CLASS, type SectionPageKey } from './section-page-keys';

export type { SectionPageKey } from './section-page-keys';
import './section-page.css';

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

function useSecretReveal(page: SectionPageKey, surface: RefObject<HTMLElement | null>, firstSection: string) {
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
      navigate('/common-good');
    }
  }, [secret, navigate, toast]);
  const { gesture } = useSecretSeven({
    onSeven,
    targetRef: surface,
    enabled: acceptsSecretSeven(page, firstSection) && !federatedOpen,
  });
  const reveal: ReactNode = (
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
  return reveal;
}

/**
 * A section page (/cafe, /cocktails, /beer, /kitchens, /hall, /community): hero with the
 * section's background set and accent, CMS text, the page's FAQ, OPEN and BOOK, the footer, and
 * the secret 7 over the page's content.
 */
export function SectionPage({ page, firstSection = 'hero' }: { page: SectionPageKey; firstSection?: string }) {
  const titleId = useId();
  const surface = useRef<HTMLElement>(null);
  const reveal = useSecretReveal(page, surface, firstSection);
  return (
    <>
      <main ref={surface} id="main" tabIndex={-1} aria-labelledby={titleId} className={SECTION_PAGE_CLASS(page)} data-section={page}>
        <SectionHero page={page} titleId={titleId} />
        <div className="site-page__body">
          <TextSection page={page} section="about" imageIndex={1} />
          <TextSection page={page} section="details" imageIndex={2} />
          <FaqSection page={page} />
        </div>
        <PageActions page={page} />
        {reveal}
      </main>
      <SiteFooter />
    </>
  );
}

export function sectionPage(page: SectionPageKey): ComponentType {
  const Page = () => <SectionPage page={page} />;
  Page.displayName = `SectionPage(${page})`;
  return Page;
}
