import type { PageKey } from '@croft/contracts';

export interface FaqSeed {
  page: PageKey;
  question: string;
  answer: string;
  sort_order: number;
}

/**
 * The FAQ a fresh install starts with. Seeding only inserts rows that are missing (keyed by
 * page and question), so editors' later changes are never overwritten. sort_order steps by 10
 * so editors can slot new questions in between.
 */
export const FAQ_SEED: readonly FaqSeed[] = [
  // ── home ────────────────────────────────────────────────────────────────
  {
    page: 'home',
    question: 'When are you open?',
    answer:
      'The cafe opens at 8am on weekdays and 9am at weekends. The bars pour from noon until 11pm Sunday to Thursday and until 1am on Friday and Saturday, and the kitchens serve from noon until 9.30pm. Bank holidays and private events can change things, so check our Instagram before a special trip.',
    sort_order: 10,
  },
  {
    page: 'home',
    question: 'Do I need to book a table?',
    answer:
      'Walk-ins are always welcome and we keep most of the building unreserved. For groups of six or more, or for a Friday or Saturday evening, we recommend booking with the BOOK button so we can hold a table for you. We hold bookings for 15 minutes.',
    sort_order: 20,
  },
  {
    page: 'home',
    question: 'Can I bring my dog?',
    answer:
      'Yes. Well-behaved dogs on a lead are welcome in the cafe, the beer hall and the courtyard, and there is always a water bowl at the bar. We ask that dogs stay out of the kitchens and the hall during ticketed events.',
    sort_order: 30,
  },
  {
    page: 'home',
    question: 'Is Croft Common accessible?',
    answer:
      'The ground floor, the courtyard and the hall have step-free access from the main entrance, and there is an accessible toilet next to the hall. The Common Room is on the first floor and is reached by a lift. If you have any access needs, tell us when you book or ask any member of the team and we will set things up for you.',
    sort_order: 40,
  },
  {
    page: 'home',
    question: 'Are children welcome?',
    answer:
      'Children are welcome with an adult until 8pm. We have high chairs, a changing table and a short kids menu in the kitchens. After 8pm the bars are for over-18s only.',
    sort_order: 50,
  },
  {
    page: 'home',
    question: 'What is the Common Room?',
    answer:
      'The Common Room is our members area. Membership is free: subscribe to the newsletter and you can unlock the members-only bits of the site, from the Common Cook Book to the secret word at the beer bar and tickets for the monthly secret cinema. Membership. Not Members.',
    sort_order: 60,
  },
  {
    page: 'home',
    question: 'Can I hire the hall or hold an event here?',
    answer:
      'Yes. The hall takes up to 150 standing or 90 seated and suits parties, launches, talks, supper clubs and weddings. Smaller groups can take over a corner of the beer hall or the Common Room. Tell us your date, numbers and the kind of event through the hall page and our events team will reply within two working days.',
    sort_order: 70,
  },
  {
    page: 'home',
    question: 'How do I get to you, and is there parking?',
    answer:
      'We are a short walk from Bristol Temple Meads and several city bus routes stop close by. There are cycle racks by the entrance. We have no car park of our own; the nearest pay-and-display car parks are a few minutes away on foot, with Blue Badge bays closer to the door. Bristol has a Clean Air Zone, so check your vehicle before driving in.',
    sort_order: 80,
  },

  // ── cafe ────────────────────────────────────────────────────────────────
  {
    page: 'cafe',
    question: 'Where does your coffee come from?',
    answer:
      'Our espresso is roasted for us in small batches by an independent roaster here in Bristol, and we rotate a guest filter every month. Ask the team what is on the grinder today.',
    sort_order: 10,
  },
  {
    page: 'cafe',
    question: 'How does the loyalty card work?',
    answer:
      'It is a photo loyalty card. Take a picture of each coffee you buy to fill a box; after six punches the seventh coffee is on us. You can find your card on this page once you are signed in.',
    sort_order: 20,
  },
  {
    page: 'cafe',
    question: 'Can I work from the cafe?',
    answer:
      'Of course. There is free Wi-Fi and plenty of sockets along the window bench. At busy lunchtimes we may ask laptop users to share a table.',
    sort_order: 30,
  },
  {
    page: 'cafe',
    question: 'Do you have plant-based milk and gluten-free bakes?',
    answer:
      'Oat, soy and coconut milk are always available at no extra charge, and there is at least one gluten-free bake on the counter every day. Our bakes are made in a kitchen that handles gluten and nuts, so ask us if you have an allergy.',
    sort_order: 40,
  },

  {
    page: 'cafe',
    question: 'Do you take cash?',
    answer:
      'We are card and contactless only across the building, including the cafe counter. If that is a problem for you, have a word with the team and we will sort something out.',
    sort_order: 50,
  },
  // ── cocktails ───────────────────────────────────────────────────────────
  {
    page: 'cocktails',
    question: 'Can I book a table at the cocktail bar?',
    answer:
      'We keep a few booths for bookings on Thursday to Saturday evenings; the rest of the bar is first come, first served. Use the BOOK button and mention the cocktail bar in your note.',
    sort_order: 10,
  },
  {
    page: 'cocktails',
    question: 'Do you make alcohol-free cocktails?',
    answer:
      'Yes. Every cocktail on the list has a low or no version, and our bartenders are happy to make something off-menu around your favourite flavours.',
    sort_order: 20,
  },
  {
    page: 'cocktails',
    question: 'Do you run cocktail masterclasses?',
    answer:
      'We run small masterclasses for up to 12 people on selected weekday evenings, and private classes for birthdays and team socials. Sign up to the newsletter and choose Cocktail Masterclasses to hear about new dates first.',
    sort_order: 30,
  },

  {
    page: 'cocktails',
    question: 'Is there a happy hour?',
    answer:
      'Every weekday from 5pm to 7pm our house classics and the cocktail of the week are a few pounds cheaper. It is walk-in only and ends sharply at 7.',
    sort_order: 40,
  },
  {
    page: 'cocktails',
    question: 'Can you tell me what is in a drink?',
    answer:
      'Yes. Syrups, infusions and garnishes are made behind the bar, so we know every ingredient. Some drinks use egg white, dairy or nuts; tell your bartender about any allergy before they start shaking.',
    sort_order: 50,
  },
  // ── beer ────────────────────────────────────────────────────────────────
  {
    page: 'beer',
    question: 'What is on tap?',
    answer:
      'Sixteen lines of cask and keg, most of them from breweries within an hour of Bristol, plus a rotating guest from further afield and a proper cider. The board by the bar is always up to date.',
    sort_order: 10,
  },
  {
    page: 'beer',
    question: 'Can I try before I buy?',
    answer:
      'Always. Ask for a taster of anything on tap, or order a flight of four third-pints if you cannot decide.',
    sort_order: 20,
  },
  {
    page: 'beer',
    question: 'Do you sell cans and bottles to take away?',
    answer:
      'Yes, the fridge by the door is stocked with cans and bottles to take home, and we can fill a growler from selected lines.',
    sort_order: 30,
  },
  {
    page: 'beer',
    question: 'Will I be asked for ID?',
    answer:
      'We follow Challenge 25: if you look under 25, please bring a passport, a photo driving licence or a PASS-accredited card.',
    sort_order: 40,
  },

  // ── kitchens ────────────────────────────────────────────────────────────
  {
    page: 'kitchens',
    question: 'What are the kitchens cooking?',
    answer:
      'Wood-fired food: sourdough pizzas, whole roasted vegetables, slow-cooked meats and plenty of sides to share. The menu follows the seasons and what our local growers bring in.',
    sort_order: 10,
  },
  {
    page: 'kitchens',
    question: 'Can you cater for allergies and dietary needs?',
    answer:
      'Every dish on the menu lists its allergens, and the team can talk you through anything else. We cook with gluten, nuts and dairy in an open kitchen, so we cannot promise a dish is completely free of them.',
    sort_order: 20,
  },
  {
    page: 'kitchens',
    question: 'Are there vegan and gluten-free options?',
    answer:
      'Yes. There is always a vegan pizza and at least two vegan plates, and any pizza can be made on a gluten-free base for a small supplement.',
    sort_order: 30,
  },
  {
    page: 'kitchens',
    question: 'What time does the kitchen close?',
    answer:
      'Last food orders are at 9.30pm every day. On Sundays we also serve a roast from noon until it runs out.',
    sort_order: 40,
  },

  // ── hall ────────────────────────────────────────────────────────────────
  {
    page: 'hall',
    question: 'What happens in the hall?',
    answer:
      'Gigs, comedy, quizzes, markets, talks, supper clubs and our monthly secret cinema. The What\'s On list on this page has the next few weeks.',
    sort_order: 10,
  },
  {
    page: 'hall',
    question: 'How does the secret cinema work?',
    answer:
      'Once a month we screen a film we do not name in advance. Common Room members can book one or two tickets; doors usually open at 7pm and the film starts at 7.30pm. Tickets are emailed to you with their numbers, so keep the email handy.',
    sort_order: 20,
  },
  {
    page: 'hall',
    question: 'How many people does the hall hold?',
    answer:
      'Up to 150 standing or 90 seated at long tables. We have a PA, a projector and screen, and a small stage that can be moved.',
    sort_order: 30,
  },
  {
    page: 'hall',
    question: 'How do I enquire about hiring the hall?',
    answer:
      'Send us your date, numbers and a line about your event through the enquiry form and our events team will come back to you within two working days with availability and prices.',
    sort_order: 40,
  },

  // ── community ───────────────────────────────────────────────────────────
  {
    page: 'community',
    question: 'What is the Common Good Fund?',
    answer:
      'A part of what we take goes into the Common Good Fund, which supports local community groups and projects. The running total is shown at the bottom of every page.',
    sort_order: 10,
  },
  {
    page: 'community',
    question: 'How can my group benefit from the fund?',
    answer:
      'Tell us about your group and what you would do with the support. The community team reviews nominations every quarter and we share what the fund has paid for on this page.',
    sort_order: 20,
  },
  {
    page: 'community',
    question: 'Can community groups use the space?',
    answer:
      'Yes. On weekday mornings the hall and the Common Room are free for local groups, from parent and baby meet-ups to repair cafes. Get in touch to ask about a regular slot.',
    sort_order: 30,
  },

  {
    page: 'community',
    question: 'Can I volunteer with the community team?',
    answer:
      'We would love that. We need hands for repair cafes, the winter coat swap and our litter picks along the river. Leave your name at the bar or send us a note through BOOK with the word volunteer.',
    sort_order: 40,
  },
  {
    page: 'community',
    question: 'Is the community space accessible?',
    answer:
      'Yes. The hall and the ground floor are step-free from the main entrance, the Common Room is reached by a lift, and there is an accessible toilet next to the hall. We can also loop the PA for hearing aids on request.',
    sort_order: 50,
  },
  // ── common-room ─────────────────────────────────────────────────────────
  {
    page: 'common-room',
    question: 'How do I become a member?',
    answer:
      'Subscribe to the newsletter with the form at the bottom of any page. Membership is free, and you can unsubscribe at any time from the link in every email.',
    sort_order: 10,
  },
  {
    page: 'common-room',
    question: 'How do I sign in?',
    answer:
      'Use the email address you subscribed with and we will send you a six-digit code. On a phone or laptop that supports passkeys you can then unlock with Face ID or your device passkey next time.',
    sort_order: 20,
  },
  {
    page: 'common-room',
    question: 'What do members get?',
    answer:
      'The Common Cook Book with our kitchen recipes, the secret beer word of the day, the cocktail dice, first dibs on secret cinema tickets and the calendar of members events.',
    sort_order: 30,
  },
  {
    page: 'common-room',
    question: 'I did not get my sign-in code. What now?',
    answer:
      'Codes usually arrive within a minute. Check your spam or promotions folder, make sure you used the address you subscribed with, then ask for a new code. Only the latest code works.',
    sort_order: 40,
  },
];
