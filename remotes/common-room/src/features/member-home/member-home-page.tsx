import { Link, Navigate } from '@croft/router';
import { PageFrame } from '@croft/ui';
import { useSession } from '@croft/session/react';
import './member-home-page.css';

const PLACES = [
  { to: '/common-room/member', title: 'My Home', text: 'Your membership at a glance.' },
  { to: '/common-room/member/dashboard', title: 'Dashboard', text: "What's on this week." },
  { to: '/common-room/member/profile', title: 'Profile', text: 'Your details, passkeys and sign-in security.' },
  { to: '/common-room/member/ledger', title: 'Ledger', text: 'Visits, rewards and tickets.' },
  { to: '/common-room/member/moments', title: 'Moments', text: 'Photos from nights worth remembering.' },
  { to: '/common-room/member/lunch-run', title: 'Lunch Run', text: 'A little game for the walk to lunch.' },
] as const;

function firstName(email: string): string {
  const local = email.split('@')[0] ?? '';
  const word = local.split(/[._-]/)[0] ?? '';
  return word ? word[0].toUpperCase() + word.slice(1) : 'there';
}

/** /common-room/main: where a member lands after signing in. */
export function MemberHomePage() {
  const session = useSession();
  if (!session) return <Navigate to="/common-room" replace />;
  return (
    <PageFrame section="common-room" title="Common Room" eyebrow={`Hello, ${firstName(session.user.email)}`} intro="Welcome in. Everything members get, in one place.">
      <ul className="cr-places">
        {PLACES.map((place) => (
          <li key={place.to}>
            <Link to={place.to} className="cr-places__link">
              <span className="cr-places__title">{place.title}</span>
              <span>{place.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </PageFrame>
  );
}
