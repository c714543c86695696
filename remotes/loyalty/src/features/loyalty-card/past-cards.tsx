import { useId } from 'react';
import type { PastLoyaltyCard } from '@croft/contracts';

const day = (iso: string) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/London' }).format(new Date(iso));

/** The member's completed cards, newest first, with their dates. */
export function PastCards({ cards }: { cards: readonly PastLoyaltyCard[] }) {
  const headingId = useId();
  if (cards.length === 0) return null;
  return (
    <section className="lc-past" aria-labelledby={headingId}>
      <h3 id={headingId} className="lc-past__heading">
        Past cards
      </h3>
      <ul className="lc-past__list" aria-label="Past cards">
        {cards.map((card) => (
          <li key={card.id} className="lc-past__item">
            <span className="lc-past__type">{card.card_type === 'lucky7' ? 'Lucky 7 card' : 'Regular card'}</span>
            <span>
              Started <time dateTime={card.created_at}>{day(card.created_at)}</time>, completed{' '}
              <time dateTime={card.completed_at}>{day(card.completed_at)}</time>
            </span>
            <span className="lc-past__count">
              {card.entries} {card.entries === 1 ? 'photo' : 'photos'}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
