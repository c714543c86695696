import { lazy, Suspense, useCallback, useRef, useState, type ComponentType } from 'react';
import type { PageKey } from '@croft/contracts';
import { PageFrame } from '@croft/ui';
import { FederatedDialog, type FederatedDialogName } from '../features/federated-dialog/federated-dialog';
import { SecretSevenTrail, useSecretSeven } from '@croft/gesture';
import { SecretBeerDialog } from '../features/secret-beer/secret-beer-dialog';

const MembersReveal = lazy(() => import('../features/members-reveal/members-reveal'));

/**
 * Frames with the real headings for the site's pages; later issues fill them with
 * CMS text, menus, galleries and the members' reveals.
 */
export const SECTION_FRAMES = {
  cafe: { title: 'Cafe', accent: 'home', intro: 'Coffee from 8am, pastries from the oven, and a table for as long as you like.' },
  cocktails: { title: 'Cocktails', accent: 'cocktails', intro: 'A short list of serious drinks, stirred and shaken late into the night.' },
  beer: { title: 'Beer', accent: 'beer', intro: 'A beer hall pouring Bristol first: cask, keg and a fridge of cans.' },
  kitchens: { title: 'Kitchens', accent: 'kitchens', intro: 'Wood, fire and dough: sourdough pizza and wood-fired plates.' },
  hall: { title: 'Hall', accent: 'hall', intro: 'A big room for dinners, gigs, markets and the monthly secret cinema.' },
  community: { title: 'Community', accent: 'community', intro: 'Clubs, classes and the Common Good fund: the venue belongs to its neighbours.' },
  'onekitchen-menu': { title: 'One Kitchen Menu', accent: 'kitchens', intro: 'Everything our kitchens cook, on one page.' },
  book: { title: 'Book', accent: 'home', intro: 'Tables, parties and the hall: tell us what you have in mind.' },
  privacy: { title: 'Privacy', accent: 'home', intro: 'What we keep about you, why, and how to have it removed.' },
  branding: { title: 'Branding', accent: 'home', intro: 'How Croft Common looks: colours, type and logo.' },
  'common-good': { title: 'Common Good', accent: 'community', intro: 'The fund our guests build with every visit, and where it goes.' },
  'common-good-message': { title: 'Send a message to the Common Good', accent: 'community', intro: 'Tell us who the fund should help next.' },
  unsubscribe: { title: 'Unsubscribe', accent: 'home', intro: 'Leave the newsletter with one click.' },
  'croft-common-datetime': { title: 'Croft Common Date & Time', accent: 'home', intro: 'The time at the venue, in Bristol.' },
} as const satisfies Record<string, { title: string; accent: PageKey; intro: string }>;

/** What the secret 7 opens on a page (spec 001 §2): another team's dialog, or a members' reveal. */
type SecretReveal =
  | { kind: 'federated'; name: FederatedDialogName }
  | { kind: 'members'; Reveal: ComponentType<{ open: boolean; onClose: () => void }> };

const SECRET_REVEALS: Partial<Record<SectionKey, SecretReveal>> = {
  cafe: { kind: 'federated', name: 'loyalty' },
  hall: { kind: 'federated', name: 'cinema' },
  beer: { kind: 'members', Reveal: SecretBeerDialog },
};

export type SectionKey = keyof typeof SECTION_FRAMES;

export function sectionFrame(key: SectionKey): ComponentType {
  const { title, accent, intro } = SECTION_FRAMES[key];
  const secret = SECRET_REVEALS[key];
  function SectionFrame() {
    const [open, setOpen] = useState(false);
    // members' reveals: every 7 asks the gate again (it debounces and ignores one in flight)
    const [requests, setRequests] = useState(0);
    const surface = useRef<HTMLDivElement>(null);
    const reveal = useCallback(() => {
      if (secret?.kind === 'members') setRequests((n) => n + 1);
      else setOpen(true);
    }, []);
    const { gesture } = useSecretSeven({ onSeven: reveal, targetRef: surface, enabled: secret !== undefined && !open });
    return (
      <div ref={surface}>
        <PageFrame title={title} section={accent} intro={intro} />
        {secret && <SecretSevenTrail gesture={gesture} />}
        {secret?.kind === 'federated' && <FederatedDialog name={secret.name} open={open} onClose={() => setOpen(false)} />}
        {secret?.kind === 'members' && requests > 0 && (
          <Suspense fallback={null}>
            <MembersReveal Reveal={secret.Reveal} request={requests} />
          </Suspense>
        )}
      </div>
    );
  }
  SectionFrame.displayName = `SectionFrame(${key})`;
  return SectionFrame;
}
