import type { PageKey } from './constants';

/** The pages the site remote shows. */
export type PublicPageKey = Exclude<PageKey, 'common-room'>;

/**
 * The bundled page text (spec 000 §3, issue 5 "Content and data"). The content service seeds
 * these as published cms_content / cms_global_content rows on first start; the browser shows
 * them whenever the database has no published row for a key or the read fails. Pure data, so
 * the server, the browser and the mocks all read the same words.
 */
export type PageTextSection = Readonly<Record<string, string>>;
export type PageTextDefaults = Readonly<Record<string, PageTextSection>>;

/**
 * The public pages' text: what the site remote bundles (the Common Room's text stays out of the
 * visitor's first chunk; COMMON_ROOM_TEXT_DEFAULTS below).
 */
export const PUBLIC_PAGE_TEXT_DEFAULTS: Readonly<Record<PublicPageKey, PageTextDefaults>> = {
  home: {
    hero: {
      title: 'Croft Common',
      subtitle: 'Coffee from 8am, cocktails after dark, Bristol beer, wood-fired kitchens and a hall that never sits still.',
    },
    about: {
      heading: 'One building, open to everyone',
      body:
        'Croft Common is a cafe, cocktail bar, beer hall, kitchen and event space under one roof, a short walk from Temple Meads. Come for a flat white and a bun, stay for a pint and a pizza, and catch a gig in the hall on your way out.',
    },
    details: {
      heading: 'Opening hours',
      body:
        'Cafe: 8am weekdays, 9am weekends\nBars: noon–11pm, until 1am Friday and Saturday\nKitchens: noon–9.30pm every day',
    },
  },
  cafe: {
    hero: {
      title: 'The Cafe',
      subtitle: 'Bristol-roasted espresso, bakes from the morning oven and a window bench with your name on it.',
    },
    about: {
      heading: 'Mornings, done properly',
      body:
        'Our espresso is roasted a few miles away and the bakes come out of the wood oven before the doors open. Grab a cardamom bun and a flat white at the counter, or settle in with the Wi-Fi and a pot of tea. Every seventh coffee is on us.',
    },
    details: {
      heading: 'When to find us',
      body: 'Monday to Friday: 8am–5pm\nSaturday and Sunday: 9am–5pm\nOat, soy and coconut milk at no extra charge',
    },
  },
  cocktails: {
    hero: {
      title: 'Cocktails',
      subtitle: 'A short, seasonal list shaken with care, and a bartender who will happily go off-menu.',
    },
    about: {
      heading: 'Mixed in the middle of it all',
      body:
        'Our bar team builds the list around the seasons and Bristol spirits: rhubarb in spring, smoked pear in autumn, a Negroni all year round. Every drink has a low or no version, and the booths are yours for the night.',
    },
    details: {
      heading: 'Bar hours',
      body: 'Sunday to Thursday: noon–11pm\nFriday and Saturday: noon–1am\nBooths bookable Thursday to Saturday',
    },
  },
  beer: {
    hero: {
      title: 'The Beer Hall',
      subtitle: 'Sixteen lines of cask and keg, most of them brewed within an hour of the bar.',
    },
    about: {
      heading: 'Bristol in a glass',
      body:
        'From crisp lagers to stouts you could stand a spoon in, the board changes every week and leans on the city’s brewers. Ask for a taster, order a flight of thirds, or take a few cans home from the fridge by the door.',
    },
    details: {
      heading: 'Pouring',
      body: 'Sunday to Thursday: noon–11pm\nFriday and Saturday: noon–1am\nChallenge 25 applies',
    },
  },
  kitchens: {
    hero: {
      title: 'The Kitchens',
      subtitle: 'Wood. Fire. Dough. Sourdough pizza and seasonal plates cooked over flame.',
    },
    about: {
      heading: 'Cooked over wood',
      body:
        'Two wood-fired ovens and a grill run all day: blistered sourdough pizzas, whole roast vegetables, slow-cooked meats and plenty to share. The menu follows what our growers bring in, and there is always a vegan pizza and a gluten-free base.',
    },
    details: {
      heading: 'Food served',
      body: 'Every day: noon–9.30pm\nSunday roast from noon until it runs out\nEvery dish lists its allergens',
    },
  },
  hall: {
    hero: {
      title: 'The Hall',
      subtitle: 'Gigs, talks, markets, supper clubs and a secret cinema on the last Thursday of the month.',
    },
    about: {
      heading: 'A room for almost anything',
      body:
        'The hall holds 150 standing or 90 seated at long tables, with a PA, a projector and a stage we can move. Once a month the lights go down for Secret Cinema Club: a film we never name in advance, for Common Room members.',
    },
    details: {
      heading: 'Hire the hall',
      body: 'Parties, launches, weddings and team socials\nUp to 150 standing, 90 seated\nEnquire through BOOK and we reply within two working days',
    },
  },
  community: {
    hero: {
      title: 'Community',
      subtitle: 'A share of every sale goes back into the neighbourhood through the Common Good Fund.',
    },
    about: {
      heading: 'The Common Good',
      body:
        'Every pint, pizza and flat white puts something into the Common Good Fund, which backs local groups and projects. On weekday mornings the hall and the Common Room are free for neighbours, from parent and baby meet-ups to repair cafes.',
    },
    details: {
      heading: 'Get involved',
      body: 'Nominate a local group for the fund\nAsk about a free weekday-morning slot\nThe running total is at the foot of every page',
    },
  },
};

/** Site-wide text (cms_global_content), e.g. the brand name in the navigation and the footer lines. */
export const GLOBAL_TEXT_DEFAULTS: Readonly<Record<string, string>> = {
  brand_name: 'Croft Common',
  tagline: 'Cafe. Cocktails. Beer. Kitchens. Hall. Community.',
  footer_address: 'Croft Common, a short walk from Temple Meads, Bristol',
  footer_hours: 'Open daily from 8am (9am at weekends) until late',
  footer_note: 'Dogs welcome. Card and contactless only.',
};

/** The bundled global text for one key, or undefined when there is none. */
export function defaultGlobalText(contentKey: string): string | undefined {
  return GLOBAL_TEXT_DEFAULTS[contentKey];
}
