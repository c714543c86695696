import { useEffect, useState, type ComponentType } from 'react';
import { MembershipGate, useMembershipGate } from '@croft/auth-gate';

export interface MembersRevealProps {
  /** What members see once the gate lets them through. */
  Reveal: ComponentType<{ open: boolean; onClose: () => void }>;
  /** Bumped by the page on every secret 7: each one (re)starts the gate. */
  request: number;
}

/**
 * The members' gate in front of a reveal (spec 001 §4): passkey, membership link or emailed code,
 * then the reveal. Loaded on the first secret 7, so visitors never download gate code.
 */
export default function MembersReveal({ Reveal, request }: MembersRevealProps) {
  const [open, setOpen] = useState(false);
  const gate = useMembershipGate({ onAllowed: () => setOpen(true) });
  const { start } = gate;
  useEffect(() => {
    if (request > 0) void start();
  }, [request, start]);
  return (
    <>
      <MembershipGate gate={gate} />
      <Reveal open={open} onClose={() => setOpen(false)} />
    </>
  );
}
