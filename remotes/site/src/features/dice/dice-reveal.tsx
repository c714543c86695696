import { useEffect, useState } from 'react';
import { Button, Dialog } from '@croft/ui';
import { rollDie, TWO_DRINKS_MAX, type DieFace, type SecretServe } from './secret-serves';
import { usePrefersReducedMotion } from './use-reduced-motion';
import './dice-reveal.css';

/** How long the die tumbles before it lands (no tumble under reduced motion). */
export const ROLL_DURATION_MS = 1200;

export interface DiceRevealProps {
  open: boolean;
  onClose: () => void;
  /** Math.random's contract; injectable so a roll is deterministic in tests and stories. */
  random?: () => number;
  /** Overrides the visitor's prefers-reduced-motion setting (stories, tests). */
  reducedMotion?: boolean;
}

interface Roll {
  face: DieFace;
  serve: SecretServe;
  rolling: boolean;
  /** Bumped on every roll so the tumble restarts. */
  count: number;
}

const PIPS: Record<DieFace, readonly number[]> = {
  // Positions on a 3×3 grid, 1..9 left to right, top to bottom.
  1: [5],
  2: [1, 9],
  3: [1, 5, 9],
  4: [1, 3, 7, 9],
  5: [1, 3, 5, 7, 9],
  6: [1, 3, 4, 6, 7, 9],
};

const FACES: readonly DieFace[] = [1, 2, 3, 4, 5, 6];

function Die({ roll }: { roll: Roll }) {
  return (
    <div
      className="site-die"
      role="img"
      aria-label={roll.rolling ? 'The die is rolling' : `The die shows ${roll.face}`}
    >
      <div
        key={roll.count}
        className={`site-die__cube site-die__cube--show-${roll.face}${roll.rolling ? ' site-die__cube--rolling' : ''}`}
      >
        {FACES.map((face) => (
          <div key={face} className={`site-die__face site-die__face--${face}`}>
            {PIPS[face].map((cell) => (
              <span key={cell} className={`site-die__pip site-die__pip--${cell}`} />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}

/** The dialog's content: mounted when the dialog opens, so every opening starts with a fresh roll. */
function DiceRoller({ random, reducedMotion }: { random: () => number; reducedMotion: boolean }) {
  const [roll, setRoll] = useState<Roll>(() => ({ ...rollDie(random), rolling: !reducedMotion, count: 1 }));

  useEffect(() => {
    if (!roll.rolling) return;
    const timer = setTimeout(() => setRoll((current) => ({ ...current, rolling: false })), ROLL_DURATION_MS);
    return () => clearTimeout(timer);
  }, [roll.rolling, roll.count]);

  const rollAgain = () => {
    setRoll((current) => ({ ...rollDie(random), rolling: !reducedMotion, count: current.count + 1 }));
  };

  return (
    <div className="site-dice">
      <Die roll={roll} />
      <div className="site-dice__result" aria-live="polite">
        {roll.rolling ? (
          <p className="site-dice__rolling">Rolling…</p>
        ) : (
          <>
            <p className="site-dice__rolled">You rolled a {roll.face}</p>
            <p className="site-dice__serve">{roll.serve.name}</p>
            <p className="site-dice__spirit">{roll.serve.spirit}</p>
            <p className="site-dice__build">{roll.serve.build}</p>
            <p className="site-dice__limit">Show this to the bar · {TWO_DRINKS_MAX}</p>
          </>
        )}
      </div>
      <Button variant="primary" loading={roll.rolling} loadingLabel="Rolling" onClick={rollAgain} className="site-dice__again">
        Roll again
      </Button>
    </div>
  );
}

/** What a member sees on /cocktails once the gate lets them through (spec 001 §2): the dice reveal. */
export function DiceReveal({ open, onClose, random = Math.random, reducedMotion }: DiceRevealProps) {
  const prefersReduced = usePrefersReducedMotion();
  return (
    <Dialog open={open} onClose={onClose} title="Roll for a secret serve" size="sm" className="cc-section-cocktails">
      <DiceRoller random={random} reducedMotion={reducedMotion ?? prefersReduced} />
    </Dialog>
  );
}
