import type { FaqRow, PageKey } from '@croft/contracts';

let nextId = 1;

/** A FAQ row that parses with faqRowSchema; override any field. */
export function buildFaqRow(overrides: Partial<FaqRow> = {}): FaqRow {
  const id = overrides.id ?? `faq-${nextId++}`;
  return {
    id,
    page: 'home',
    question: 'What time do you open?',
    answer: 'Every day from 8am. The bar pours until late.',
    sort_order: 0,
    published: true,
    ...overrides,
  };
}

const FIXTURE_QUESTIONS: Record<PageKey, [string, string][]> = {
  home: [
    ['When is Croft Common open?', 'The cafe opens at 8am every day; the bars run until midnight Thursday to Saturday and 11pm the rest of the week.'],
    ['Do I need to book?', 'Walk-ins are always welcome. For groups of six or more, use the BOOK button and we will hold a table.'],
    ['Are dogs welcome?', 'Well-behaved dogs are welcome downstairs and in the beer hall. Water bowls are by the door.'],
    ['What is the Common Room?', 'Our members-only space for newsletter subscribers: secret recipes, a loyalty card and a monthly secret cinema.'],
  ],
  cafe: [['Do you have plant milks?', 'Oat, soy and almond at no extra charge.']],
  cocktails: [['Can I book the cocktail bar?', 'Yes, for parties of six or more, through the BOOK button.']],
  beer: [['Do you pour local beer?', 'Always: at least four Bristol breweries on tap.']],
  kitchens: [['Do you cater for allergies?', 'Every dish lists its allergens; tell your server and the kitchen will help.']],
  hall: [['Can I hire the hall?', 'The hall seats 120 for dinners and holds 250 standing. Send us an enquiry.']],
  community: [['What is the Common Good fund?', 'A share of every sale goes into a fund that local groups can apply to.']],
  'common-room': [['How do I join?', 'Subscribe to the newsletter in the footer; your email is your membership.']],
};

/** FAQ fixtures for every page, in sort order, as the content service would answer them. */
export function buildFaqFixtures(): FaqRow[] {
  return Object.entries(FIXTURE_QUESTIONS).flatMap(([page, rows]) =>
    rows.map(([question, answer], index) =>
      buildFaqRow({ id: `faq-${page}-${index + 1}`, page, question, answer, sort_order: (index + 1) * 10 }),
    ),
  );
}
