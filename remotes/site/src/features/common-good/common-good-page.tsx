import { Link } from '@croft/router';
import { PageFrame, VisuallyHidden } from '@croft/ui';
import type { CommonGoodTotalClient } from '@croft/api-client';
import { formatPence, UNKNOWN_AMOUNT } from '../common-good-total/format-pence';
import { useCommonGoodTotal } from '../common-good-total/api/get-common-good-total';
import './common-good.css';

const WHERE_IT_COMES_FROM = [
  { title: '10p from every coffee', body: 'Every flat white, filter and hot chocolate poured at the cafe puts 10p in the fund. It adds up faster than you would think.' },
  { title: 'Round up at the till', body: 'Card machines at every bar offer to round your bill up to the next pound. Every penny of the round-up goes in.' },
  { title: 'Quiz nights and raffles', body: 'Monthly quiz entry fees and the raffle at every community night go straight into the pot.' },
  { title: 'The hall gives back', body: 'Two per cent of every private hire of the hall is added to the fund, and a few hirers kindly add more.' },
] as const;

const HOW_IT_IS_SPENT = [
  { title: 'The community fridge', body: 'Stocked daily with surplus from our kitchens and local bakers, free to anyone who needs it, no questions asked.' },
  { title: "Kids' cooking club", body: 'Saturday mornings in our kitchens: local children learn to make bread, pizza and a proper soup, and take it home.' },
  { title: 'The local food bank', body: 'A monthly grant and a van run each week, plus our chefs cook for the winter warm-space lunches.' },
  { title: 'Room to meet', body: 'Free use of the Common Room for residents groups, support circles and clubs that need a warm room and a kettle.' },
] as const;

export interface CommonGoodPageProps {
  client?: CommonGoodTotalClient;
}

/** /common-good: what the fund is, its running total, where the money comes from and goes. */
export function CommonGoodPage({ client }: CommonGoodPageProps) {
  const state = useCommonGoodTotal(client);
  return (
    <PageFrame
      section="community"
      eyebrow="Community"
      title="Common Good"
      intro="The fund our guests build with every visit, and where every penny goes."
      className="site-cg"
    >
      <section className="site-cg__total" aria-labelledby="site-cg-total-title">
        <h2 id="site-cg-total-title" className="site-cg__total-label">
          Raised so far
        </h2>
        <p className="site-cg__total-amount" data-state={state.status}>
          {state.status === 'ready' ? (
            formatPence(state.pence)
          ) : (
            <>
              <span aria-hidden="true">{UNKNOWN_AMOUNT}</span>
              <VisuallyHidden>{state.status === 'loading' ? 'Loading the total' : 'The total is not available right now'}</VisuallyHidden>
            </>
          )}
        </p>
        <p className="site-cg__total-note">The running total of every donation recorded by the team, updated every minute.</p>
      </section>

      <section className="site-cg__section" aria-labelledby="site-cg-what">
        <h2 id="site-cg-what" className="site-cg__heading">
          What the fund is
        </h2>
        <p>
          Croft Common was built to be a common: a place that belongs to the neighbourhood as much as to the people who
          run it. The Common Good fund is how that works in pounds and pence. A small share of what you spend here is set
          aside, counted in the open, and spent on things the people around us have asked for.
        </p>
        <p>
          Nobody takes a cut and nothing is spent on us. The team records every donation with a note, and the total on
          this page and at the foot of every page is the sum of them.
        </p>
      </section>

      <section className="site-cg__section" aria-labelledby="site-cg-from">
        <h2 id="site-cg-from" className="site-cg__heading">
          Where the money comes from
        </h2>
        <ul className="site-cg__cards">
          {WHERE_IT_COMES_FROM.map((item) => (
            <li key={item.title} className="site-cg__card">
              <h3 className="site-cg__card-title">{item.title}</h3>
              <p>{item.body}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="site-cg__section" aria-labelledby="site-cg-spent">
        <h2 id="site-cg-spent" className="site-cg__heading">
          How it is spent
        </h2>
        <ul className="site-cg__cards">
          {HOW_IT_IS_SPENT.map((item) => (
            <li key={item.title} className="site-cg__card">
              <h3 className="site-cg__card-title">{item.title}</h3>
              <p>{item.body}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="site-cg__section site-cg__cta" aria-labelledby="site-cg-say">
        <h2 id="site-cg-say" className="site-cg__heading">
          Who should it help next?
        </h2>
        <p>
          Know a group, a project or a neighbour the fund could help? Tell us in a few words. The team reads every message.
        </p>
        <Link to="/common-good/message" className="site-cg__link-button">
          Send us a message
        </Link>
      </section>
    </PageFrame>
  );
}
