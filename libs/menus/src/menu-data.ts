/**
 * The venue's menus, one per page type (spec 001 §2: "sections with title and items (name,
 * description, price in pounds, isEmail, isLink); static"). Prices are pounds as plain numbers
 * (flat white 3.8) and are shown with `formatPounds` (£3.80). Money on the server is integer
 * pence; these menus never leave the browser bundle.
 */

/** The page types that have a menu behind their OPEN button (spec 000 §2). */
export const MENU_PAGES = ['cafe', 'cocktails', 'beer', 'kitchens', 'hall', 'community', 'common-room'] as const;
export type MenuPage = (typeof MENU_PAGES)[number];

export interface MenuItem {
  name: string;
  description?: string;
  /** Pounds, e.g. 3.8 for £3.80. No price: nothing is shown (free, or priced on enquiry). */
  price?: number;
  /** An email address: shown as a mailto link. The address is `href`, or `name` when `href` is absent. */
  isEmail?: boolean;
  /** A link: `href` is an internal path ('/calendar') or an absolute http(s) address. */
  isLink?: boolean;
  href?: string;
}

export interface MenuSection {
  /** Stable, URL-safe id (anchors on /onekitchen-menu). */
  id: string;
  title: string;
  /** A line under the section title (serving times, sizes...). */
  note?: string;
  items: readonly MenuItem[];
}

export interface Menu {
  page: MenuPage;
  /** Heading of the overlay, e.g. 'Cafe menu'. */
  title: string;
  /** One line under the heading. */
  intro: string;
  sections: readonly MenuSection[];
}

const gbp = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** 3.8 → '£3.80', 1234 → '£1,234.00'. A price is a finite, non-negative number of pounds. */
export function formatPounds(pounds: number): string {
  if (typeof pounds !== 'number' || !Number.isFinite(pounds) || pounds < 0) {
    throw new RangeError(`formatPounds: a price must be a finite, non-negative number of pounds (got ${String(pounds)})`);
  }
  return gbp.format(pounds);
}

/** The address behind an email item (its `href`, else its `name`), without any 'mailto:'. */
export function emailAddressOf(item: MenuItem): string {
  return (item.href ?? item.name).replace(/^mailto:/i, '');
}

/** Whether a link item points inside the site (router link) rather than elsewhere (plain anchor). */
export function isInternalHref(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

const CAFE: Menu = {
  page: 'cafe',
  title: 'Cafe menu',
  intro: 'Coffee from 8am, bakes from our own oven, breakfast until 11.30.',
  sections: [
    {
      id: 'coffee',
      title: 'Coffee',
      note: 'Double shots of our house espresso, roasted across town. Whole, oat or soya milk at no extra cost.',
      items: [
        { name: 'Espresso', price: 2.6 },
        { name: 'Macchiato', description: 'Espresso marked with a spoon of foam.', price: 2.9 },
        { name: 'Cortado', description: 'Equal parts espresso and warm milk.', price: 3.2 },
        { name: 'Long black', price: 3.2 },
        { name: 'Flat white', description: 'Our most-poured cup: velvety milk, two ristretto shots.', price: 3.8 },
        { name: 'Cappuccino', price: 3.8 },
        { name: 'Latte', price: 3.9 },
        { name: 'Mocha', description: 'With 70% dark chocolate.', price: 4.2 },
        { name: 'Batch brew filter', description: 'A single origin that changes every week. Free refill while you stay.', price: 3 },
      ],
    },
    {
      id: 'tea',
      title: 'Tea & not coffee',
      items: [
        { name: 'English breakfast', description: 'A proper pot for one.', price: 2.8 },
        { name: 'Earl grey', price: 2.8 },
        { name: 'Fresh mint', price: 2.8 },
        { name: 'Chai latte', description: 'Spiced in house, sweetened with honey.', price: 3.8 },
        { name: 'Matcha latte', price: 4 },
        { name: 'Hot chocolate', description: 'Dark chocolate, whole milk, cream if you ask.', price: 3.8 },
      ],
    },
    {
      id: 'bakes',
      title: 'Bakes',
      note: 'Out of the oven from 7.30am. When they are gone, they are gone.',
      items: [
        { name: 'Butter croissant', price: 2.9 },
        { name: 'Pain au chocolat', price: 3.2 },
        { name: 'Cardamom bun', description: 'Swedish-style knot, pearl sugar.', price: 3.5 },
        { name: 'Cinnamon knot', price: 3.5 },
        { name: 'Banana bread', description: 'Toasted, with salted butter.', price: 3.4 },
        { name: 'Brown butter cookie', description: 'Dark chocolate and sea salt.', price: 2.8 },
      ],
    },
    {
      id: 'breakfast',
      title: 'Breakfast',
      note: 'Served 8am to 11.30am, weekends until 1pm.',
      items: [
        { name: 'Sourdough toast', description: 'Two slices, cultured butter, house jam or marmite.', price: 4.5 },
        { name: 'Granola bowl', description: 'Greek yoghurt, poached rhubarb, toasted seeds.', price: 6.5 },
        { name: 'Bacon bap', description: 'Dry-cured bacon, brioche bun, brown sauce.', price: 6.5 },
        { name: 'Mushrooms on toast', description: 'Garlic and thyme mushrooms, crème fraîche, sourdough.', price: 8.5 },
        { name: 'Shakshuka', description: 'Baked eggs in spiced tomato, feta, flatbread from the wood oven.', price: 10.5 },
        { name: 'The Full Croft', description: 'Eggs your way, bacon, sausage, beans, mushrooms, tomato, toast.', price: 12.5 },
      ],
    },
  ],
};

const COCKTAILS: Menu = {
  page: 'cocktails',
  title: 'Cocktails',
  intro: 'A short list of serious drinks, stirred and shaken from 5pm until late.',
  sections: [
    {
      id: 'house',
      title: 'House serves',
      items: [
        { name: 'Common Spritz', description: 'Bitter orange aperitivo, rhubarb cordial, prosecco, soda.', price: 9.5 },
        { name: 'Wood Smoke Old Fashioned', description: 'Bourbon, smoked demerara, orange bitters, stirred long.', price: 12 },
        { name: 'Harbourside Sour', description: 'Gin, lemon, elderflower, aquafaba foam.', price: 11 },
        { name: 'Croft Colada', description: 'Aged rum, roasted pineapple, coconut, lime.', price: 11.5 },
        { name: 'Stokes Croft Mule', description: 'Vodka, ginger, lime, house ginger beer.', price: 10 },
      ],
    },
    {
      id: 'classics',
      title: 'Classics',
      note: 'Made the way the books say. Ask for it drier, sweeter or stronger.',
      items: [
        { name: 'Negroni', description: 'Gin, red bitter, sweet vermouth.', price: 10.5 },
        { name: 'Margarita', description: 'Blanco tequila, triple sec, lime, salt.', price: 10.5 },
        { name: 'Daiquiri', description: 'White rum, lime, sugar.', price: 10 },
        { name: 'Espresso martini', description: 'Vodka, coffee liqueur, a shot from the cafe.', price: 11 },
        { name: 'Martini', description: 'Gin or vodka, dry vermouth, olive or twist.', price: 11.5 },
        { name: 'Paloma', description: 'Tequila, pink grapefruit, lime, soda.', price: 10.5 },
        { name: 'Whisky sour', description: 'Bourbon, lemon, sugar, bitters.', price: 10.5 },
      ],
    },
    {
      id: 'low-no',
      title: 'Low & no',
      items: [
        { name: 'Garden Highball', description: 'Alcohol-free botanical spirit, cucumber, tonic. 0.0%.', price: 6.5 },
        { name: 'Nojito', description: 'Mint, lime, apple, soda. 0.0%.', price: 6 },
        { name: 'Half Spritz', description: 'Our Common Spritz at half the strength.', price: 7 },
        { name: 'Ginger kombucha', description: 'Brewed in Bristol, served over ice.', price: 4.5 },
      ],
    },
  ],
};

const BEER: Menu = {
  page: 'beer',
  title: 'Beer',
  intro: 'Bristol first: cask and keg from brewers we can walk to, a fridge of cans, and proper cider.',
  sections: [
    {
      id: 'cask',
      title: 'Cask',
      note: 'Pints. Halves at half price, thirds on the paddle.',
      items: [
        { name: 'Common Best', description: 'House best bitter, 4.1%. Toffee, marmalade, one more.', price: 4.8 },
        { name: 'Harbour Pale', description: 'Golden session pale, 3.8%. Brewed for us across the river.', price: 4.9 },
        { name: 'Croft Porter', description: 'Chocolate and coffee, 4.6%.', price: 5.2 },
        { name: 'Guest cask', description: 'Whatever is singing this week. Ask at the bar.', price: 5.2 },
      ],
    },
    {
      id: 'keg',
      title: 'Keg',
      note: 'Pints unless marked. Thirds and halves of anything.',
      items: [
        { name: 'Common Lager', description: 'House pilsner-style lager, 4.4%. Crisp and clean.', price: 5.6 },
        { name: 'West Coast Pale', description: 'Pine and grapefruit, 5.2%.', price: 6.2 },
        { name: 'Hazy Pale', description: 'Soft, juicy, oats in the mash, 5.0%.', price: 6.4 },
        { name: 'Not-So-Common IPA', description: 'Our loud one: tropical and resinous, 6.2%. Two-thirds pint.', price: 6.8 },
        { name: 'Bavarian-style wheat', description: 'Banana and clove, 5.1%.', price: 6 },
        { name: 'Guest sour', description: 'Fruited and tart, changes with the season. Half pint.', price: 4.5 },
      ],
    },
    {
      id: 'cans',
      title: 'Cans',
      note: 'The fridge rotates weekly; these are the regulars.',
      items: [
        { name: 'Session IPA', description: '440 ml, 4.3%.', price: 5.5 },
        { name: 'Double IPA', description: '440 ml, 8.0%.', price: 8.5 },
        { name: 'Table beer', description: '330 ml, 2.8%.', price: 4.5 },
        { name: 'Gluten-free lager', description: '330 ml, 4.5%.', price: 5 },
        { name: 'Alcohol-free pale', description: '330 ml, 0.5%.', price: 4.5 },
      ],
    },
    {
      id: 'cider',
      title: 'Cider',
      items: [
        { name: 'Somerset dry', description: 'Sparkling farmhouse cider, 5.4%. Pint.', price: 5.6 },
        { name: 'Still scrumpy', description: 'Cloudy and tannic, from the cider barrel, 6.5%. Pint.', price: 5.8 },
        { name: 'Perry', description: 'Pear, light and floral, 5.0%. Half pint.', price: 3.4 },
        { name: 'Alcohol-free cider', description: '330 ml, 0.5%.', price: 4.5 },
      ],
    },
  ],
};

const KITCHENS: Menu = {
  page: 'kitchens',
  title: 'Kitchens',
  intro: 'Wood, fire and dough: sourdough pizza and wood-fired plates, noon until 10pm.',
  sections: [
    {
      id: 'pizza',
      title: 'Pizza',
      note: '12-inch, 48-hour sourdough, blistered in the wood oven. Gluten-free base on request.',
      items: [
        { name: 'Margherita', description: 'San Marzano tomato, fior di latte, basil, olive oil.', price: 10 },
        { name: 'Hot honey & goat cheese', description: 'Goat cheese, mozzarella, red onion, chilli-infused honey, thyme.', price: 13 },
        { name: 'Nduja & ricotta', description: 'Tomato, spicy nduja, whipped ricotta, rocket.', price: 13.5 },
        { name: 'Anchovy, olive & caper', description: 'Tomato, Cantabrian anchovies, black olives, capers, oregano.', price: 12.5 },
        { name: 'Mushroom, sage & taleggio', description: 'White base, roast mushrooms, crisp sage, taleggio.', price: 13 },
      ],
    },
    {
      id: 'wood-fired-mains',
      title: 'Wood-fired mains',
      items: [
        { name: 'Whole cauliflower', description: 'Roasted in the embers, harissa, tahini, pomegranate.', price: 14 },
        { name: 'Porchetta roll', description: 'Herb-stuffed pork belly, salsa verde, crackling, soft roll.', price: 12 },
        { name: 'Chicken thighs', description: 'Flame-grilled in lemon and oregano, garlic yoghurt.', price: 15 },
        { name: 'Smoked salmon', description: 'Hot-smoked over oak, dill cream, pickled cucumber.', price: 16 },
        { name: 'Maple pork belly', description: 'Slow-cooked then charred, maple glaze, apple slaw.', price: 16.5 },
        { name: 'Charred corn', description: 'Chilli-lime butter, feta, coriander.', price: 7 },
      ],
    },
    {
      id: 'sides',
      title: 'Sides',
      items: [
        { name: 'Roast potatoes', description: 'Crisp in beef dripping, rosemary salt.', price: 5 },
        { name: 'Flatbread', description: 'From the wood oven, garlic butter.', price: 4.5 },
        { name: 'Tenderstem', description: 'Charred, chilli, lemon, toasted almonds.', price: 5.5 },
        { name: 'Burnt leek slaw', description: 'Blackened leeks, cabbage, mustard dressing.', price: 4.5 },
        { name: 'Beetroot with labneh', description: 'Roast beetroot, labneh, dukkah, dill.', price: 6 },
      ],
    },
  ],
};

const HALL: Menu = {
  page: 'hall',
  title: 'The Hall',
  intro: 'A big room for dinners, parties, gigs and markets, with the kitchens and the bar next door.',
  sections: [
    {
      id: 'hire',
      title: 'Hire the hall',
      note: 'Up to 150 seated or 250 standing. Prices include staff, sound system and cleaning.',
      items: [
        { name: 'Daytime hire', description: 'Monday to Friday, 9am to 5pm: meetings, workshops, launches.', price: 600 },
        { name: 'Evening party', description: 'From 6pm until midnight, with a bar and a DJ booth.', price: 1200 },
        { name: 'Whole venue buyout', description: 'The hall, the bar and the courtyard, just for you. Priced on enquiry.' },
      ],
    },
    {
      id: 'packages',
      title: 'Food & drink packages',
      note: 'Per guest.',
      items: [
        { name: 'Pizza party', description: 'Sourdough pizzas from the wood oven, passed round all night.', price: 18 },
        { name: 'Feasting menu', description: 'Sharing boards, two wood-fired mains, sides and a pudding.', price: 35 },
        { name: 'Drinks package', description: 'A welcome spritz and three hours of house beer, wine and soft drinks.', price: 25 },
      ],
    },
    {
      id: 'events',
      title: 'Regular nights',
      items: [
        { name: 'Secret cinema', description: 'A film we will not name until the lights go down. Last Thursday of the month; members book first.' },
        { name: 'Comedy upstairs', description: 'New material nights, first Wednesday of the month.', price: 8 },
        { name: 'Makers market', description: 'Local makers and growers, second Sunday of the month. Free entry.' },
      ],
    },
    {
      id: 'enquiries',
      title: 'Enquiries',
      items: [
        {
          name: 'events@croftcommon.co.uk',
          description: 'Tell us the date, the numbers and what you have in mind. We reply within two working days.',
          isEmail: true,
        },
      ],
    },
  ],
};

const COMMUNITY: Menu = {
  page: 'community',
  title: 'Community',
  intro: 'Clubs, classes and the Common Good fund: the venue belongs to its neighbours.',
  sections: [
    {
      id: 'clubs',
      title: 'Clubs',
      note: 'Free, and everyone is welcome. Dates are on the calendar.',
      items: [
        { name: 'Run club', description: 'Tuesdays at 6.30pm: 5 km along the harbour, coffee after.', isLink: true, href: '/calendar' },
        { name: 'Board games night', description: 'Mondays from 7pm. Bring one, borrow one.', isLink: true, href: '/calendar' },
        { name: 'Book club', description: 'First Thursday of the month. This month’s book is on the calendar.', isLink: true, href: '/calendar' },
        { name: 'Crafternoon', description: 'Sundays from 2pm: knitting, mending, zines.', isLink: true, href: '/calendar' },
      ],
    },
    {
      id: 'classes',
      title: 'Classes',
      note: 'Small groups, booked through the calendar.',
      items: [
        { name: 'Pizza school', description: 'Stretch, top and fire your own sourdough pizza with our chefs. Lunch included.', price: 45 },
        { name: 'Cocktail masterclass', description: 'Three classics and a house serve, made by you.', price: 40 },
        { name: 'Home barista', description: 'Dial in espresso and steam milk like the cafe team.', price: 25 },
        { name: 'Life drawing', description: 'Wednesdays at 7pm. Paper and pencils provided.', price: 12 },
      ],
    },
    {
      id: 'common-good',
      title: 'The Common Good',
      note: 'Part of every bill goes to the fund; our guests decide where it goes next.',
      items: [
        { name: 'The Common Good fund', description: 'The running total and what it has paid for.', isLink: true, href: '/common-good' },
        { name: 'Tell us who to help', description: 'Nominate a group or a cause for the fund.', isLink: true, href: '/common-good/message' },
        {
          name: 'community@croftcommon.co.uk',
          description: 'Run a club or a class with us: the community room is free for neighbourhood groups.',
          isEmail: true,
        },
      ],
    },
  ],
};

const COMMON_ROOM: Menu = {
  page: 'common-room',
  title: 'The Common Room',
  intro: 'Members get a little more of Croft Common. Membership is free with the newsletter.',
  sections: [
    {
      id: 'perks',
      title: 'Member perks',
      items: [
        { name: 'Common Cook Book', description: 'Every recipe from the wood oven, written out in full. Draw a 7 on the Kitchens page.' },
        { name: 'The beer word', description: 'A new word every day. Say it at the bar. Draw a 7 on the Beer page.' },
        { name: 'The dice', description: 'Roll for a secret serve on the Cocktails page. Two drinks max.' },
        { name: 'Loyalty card', description: 'Snap a photo of each coffee: the seventh is on us.' },
        { name: 'Secret cinema', description: 'Fifty tickets a month, released on the last Thursday, for members only.' },
        { name: 'The Common Room', description: 'Your calendar, ledger and moments, behind a passkey or an emailed code.' },
      ],
    },
  ],
};

/** Every page type's menu. */
export const MENUS: Readonly<Record<MenuPage, Menu>> = {
  cafe: CAFE,
  cocktails: COCKTAILS,
  beer: BEER,
  kitchens: KITCHENS,
  hall: HALL,
  community: COMMUNITY,
  'common-room': COMMON_ROOM,
};

export function isMenuPage(value: unknown): value is MenuPage {
  return typeof value === 'string' && (MENU_PAGES as readonly string[]).includes(value);
}

/** The menu for a page type; an unknown page type is a programming error. */
export function menuFor(page: MenuPage): Menu {
  if (!isMenuPage(page)) throw new RangeError(`menuFor: no menu for page type '${String(page)}'`);
  return MENUS[page];
}
