import type { ComponentType } from 'react';
import { useParams } from '@croft/router';
import { PageFrame } from '@croft/ui';

/** Frames with the real headings of the members' pages; the identity issue fills them. */
export const FRAMES = {
  'sign-in': { title: 'The Common Room', intro: 'Members only. Draw the secret 7 anywhere on this page to sign in.' },
  main: { title: 'Common Room', intro: 'Welcome in. Everything members get, in one place.' },
  member: { title: 'My Home', intro: 'Your membership at a glance.' },
  'lunch-run': { title: 'Lunch Run', intro: 'A little game for the walk to lunch.' },
  ledger: { title: 'Ledger', intro: 'Your visits, rewards and tickets.' },
  profile: { title: 'Profile', intro: 'Your details and your sign-in and security settings.' },
  dashboard: { title: 'Dashboard', intro: 'What is on at Croft Common this week.' },
  moments: { title: 'Moments', intro: 'Photos from nights worth remembering.' },
  'check-in': { title: 'Check in', intro: 'Let us know you are here.' },
  calendar: { title: 'Calendar', intro: "What's on, day by day." },
  'manage-event': { title: 'Manage event', intro: 'Update the details of your event.' },
  secretkitchens: { title: 'Secret Kitchens', intro: 'For invited kitchen partners only.' },
  secretkitchenadmin: { title: 'Secret Kitchens admin', intro: 'Who may sign in to Secret Kitchens.' },
  'not-found': { title: 'Not in the Common Room', intro: 'That members page does not exist.' },
} as const;

export type FrameKey = keyof typeof FRAMES;

export function frame(key: FrameKey): ComponentType {
  function CommonRoomFrame() {
    const { token } = useParams();
    const { title, intro } = FRAMES[key];
    return (
      <PageFrame title={title} section="common-room" intro={intro}>
        {token ? <p>Event reference: {token}</p> : null}
      </PageFrame>
    );
  }
  CommonRoomFrame.displayName = `CommonRoomFrame(${key})`;
  return CommonRoomFrame;
}
