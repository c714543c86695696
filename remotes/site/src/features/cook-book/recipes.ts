/**
 * The Common Cook Book (spec 001 §2, modal 6): three chapters, seventeen recipes, as the
 * kitchen at Croft Common cooks them. Static data, kept in this module so it travels in the
 * lazily loaded cook book chunk and never in a visitor's first load.
 *
 * Allergens use the UK "14 allergens" (Food Information Regulations 2014), each with the
 * source named (gluten (wheat), nuts (almond)...). They describe the recipe as written; the
 * kitchen note on every page covers cross-contact.
 */

/** The UK's 14 regulated allergens. */
export type Allergen =
  | 'celery'
  | 'gluten'
  | 'crustaceans'
  | 'eggs'
  | 'fish'
  | 'lupin'
  | 'milk'
  | 'molluscs'
  | 'mustard'
  | 'nuts'
  | 'peanuts'
  | 'sesame'
  | 'soya'
  | 'sulphites';

export const ALLERGEN_NAMES: Readonly<Record<Allergen, string>> = {
  celery: 'Celery',
  gluten: 'Gluten',
  crustaceans: 'Crustaceans',
  eggs: 'Eggs',
  fish: 'Fish',
  lupin: 'Lupin',
  milk: 'Milk',
  molluscs: 'Molluscs',
  mustard: 'Mustard',
  nuts: 'Nuts',
  peanuts: 'Peanuts',
  sesame: 'Sesame',
  soya: 'Soya',
  sulphites: 'Sulphites',
};

export interface AllergenEntry {
  allergen: Allergen;
  /** Where it comes from, e.g. 'wheat' for gluten, 'walnut' for nuts. */
  source?: string;
}

/** 'Gluten (wheat)', 'Milk'. */
export function allergenLabel(entry: AllergenEntry): string {
  const name = ALLERGEN_NAMES[entry.allergen];
  return entry.source ? `${name} (${entry.source})` : name;
}

export type ChapterId = 'pizza' | 'wood-fired-mains' | 'sides';

export type RecipeId =
  | 'sourdough-dough'
  | 'margherita'
  | 'hot-honey-goat-cheese'
  | 'nduja-ricotta'
  | 'anchovy-olive-caper'
  | 'mushroom-sage-taleggio'
  | 'whole-cauliflower-harissa-tahini'
  | 'porchetta-roll'
  | 'chicken-thighs'
  | 'smoked-salmon-dill-cream'
  | 'maple-pork-belly-apple-slaw'
  | 'charred-corn'
  | 'roast-potatoes'
  | 'flatbread'
  | 'tenderstem'
  | 'burnt-leek-slaw'
  | 'beetroot-labneh';

export interface Ingredient {
  /** Metric quantity ('500 g', '2 tbsp (30 ml)'); absent for 'to taste' items. */
  amount?: string;
  item: string;
  /** Made from another recipe in the book. */
  recipe?: RecipeId;
}

export interface IngredientGroup {
  /** 'For the dough', 'To finish'; absent when the recipe has one list. */
  title?: string;
  items: readonly Ingredient[];
}

export interface Recipe {
  id: RecipeId;
  title: string;
  chapter: ChapterId;
  serves: string;
  time: string;
  /** Two or three sentences: why this dish, what makes it work. */
  idea: string;
  ingredients: readonly IngredientGroup[];
  /** Numbered steps, written for the wood oven where the kitchen uses one. */
  method: readonly string[];
  /** How to cook it in a home oven when the method assumes the wood oven. */
  homeOven?: string;
  allergens: readonly AllergenEntry[];
}

export interface Chapter {
  id: ChapterId;
  title: string;
  intro: string;
  recipes: readonly Recipe[];
}

/** One 30 cm pizza needs one dough ball; every pizza in the book shares this home-oven note. */
const PIZZA_HOME_OVEN =
  'Put a pizza steel or heavy baking tray on the top shelf and heat the oven to its highest setting (250–275 °C) for 45 minutes. Switch to the grill for the last 5 minutes, slide the pizza on and bake for 6–8 minutes, turning once, until the crust is blistered.';

const DOUGH_BALL: Ingredient = {
  amount: '1 ball (240 g)',
  item: 'sourdough pizza dough',
  recipe: 'sourdough-dough',
};

const PIZZA: readonly Recipe[] = [
  {
    id: 'sourdough-dough',
    title: 'Sourdough pizza dough',
    chapter: 'pizza',
    serves: 'Makes 6 dough balls (six 30 cm pizzas)',
    time: '40 min + 24–48 h cold prove',
    idea:
      'Every pizza we make starts here: a wet, slow dough raised with our own starter and nothing else. Two days in the fridge builds flavour and a crust that blisters and chars in a 450 °C oven but stays tender inside.',
    ingredients: [
      {
        items: [
          { amount: '150 g', item: 'active sourdough starter (100% hydration, fed 4–6 hours earlier with white flour)' },
          { amount: '600 g', item: "'00' pizza flour" },
          { amount: '150 g', item: 'strong white bread flour' },
          { amount: '510 ml', item: 'cool water (about 20 °C)' },
          { amount: '20 g', item: 'fine sea salt' },
          { amount: '10 ml', item: 'extra virgin olive oil, plus a little for the tubs' },
          { amount: '50 g', item: 'semolina flour, for dusting the peel' },
        ],
      },
    ],
    method: [
      'Stir the starter into 480 ml of the water until milky. Add both flours and mix by hand until no dry flour is left. Cover and rest for 45 minutes.',
      'Scatter over the salt with the remaining 30 ml of water and squeeze it through the dough until it disappears. Work in the olive oil the same way.',
      'Over the next 2 hours give the dough four sets of stretch-and-folds, 30 minutes apart: wet your hand, lift one side of the dough, fold it over, turn the bowl a quarter and repeat all the way round.',
      'Leave covered at room temperature until risen by about a third and domed, 2–3 hours depending on the kitchen.',
      'Tip onto an unfloured bench, cut into 6 pieces of about 240 g and shape each into a tight ball by dragging it towards you with cupped hands.',
      'Put the balls into lightly oiled lidded tubs and refrigerate for 24–48 hours.',
      'Take the dough out 2–3 hours before cooking so it comes to room temperature; it is ready when a floured fingertip leaves a dent that springs back slowly.',
      'To open a ball, flip it onto semolina, press from the centre outwards leaving a 2 cm rim, then stretch over your knuckles to 30 cm. Never use a rolling pin: it flattens the air out of the crust.',
    ],
    allergens: [{ allergen: 'gluten', source: 'wheat' }],
  },
  {
    id: 'margherita',
    title: 'Margherita',
    chapter: 'pizza',
    serves: '1 (one 30 cm pizza)',
    time: '10 min + dough',
    idea:
      'The pizza that tells you whether a kitchen can cook. Raw tomato, good fior di latte, basil added after the fire and a thread of olive oil: with this few things, each one has to be right.',
    ingredients: [
      { title: 'For the tomato sauce (enough for 6 pizzas)', items: [
        { amount: '400 g tin', item: 'San Marzano plum tomatoes' },
        { amount: '5 g', item: 'fine sea salt' },
        { amount: '10 ml', item: 'extra virgin olive oil' },
      ] },
      { title: 'For the pizza', items: [
        DOUGH_BALL,
        { amount: '80 g', item: 'tomato sauce (above)' },
        { amount: '100 g', item: 'fior di latte mozzarella, torn and drained for 30 minutes' },
        { amount: '10 g', item: 'Parmesan, finely grated' },
        { amount: '6', item: 'basil leaves' },
        { amount: '10 ml', item: 'extra virgin olive oil' },
      ] },
    ],
    method: [
      'Fire the wood oven 2 hours ahead so the floor reads 430–450 °C and a rolling flame runs across the dome.',
      'Crush the tomatoes by hand or pass them through a food mill, then stir in the salt and oil. Do not cook the sauce: the oven does that.',
      'Open the dough ball to 30 cm on a semolina-dusted peel. Spoon the sauce into the middle and spiral it out to 2 cm from the edge with the back of the spoon.',
      'Scatter the Parmesan, then the mozzarella, leaving gaps so the tomato shows through.',
      'Slide the pizza onto the floor near the fire. After 30 seconds lift the edge with a turning peel and rotate a quarter; keep turning every 15–20 seconds until the crust is leopard-spotted all round, about 90 seconds in total.',
      'Finish with the basil and olive oil, cut into six and serve straight away.',
    ],
    homeOven: PIZZA_HOME_OVEN,
    allergens: [{ allergen: 'gluten', source: 'wheat' }, { allergen: 'milk' }],
  },
  {
    id: 'hot-honey-goat-cheese',
    title: 'Hot honey and goat cheese',
    chapter: 'pizza',
    serves: '1 (one 30 cm pizza)',
    time: '15 min + dough',
    idea:
      'A white pizza for people who like a little trouble: sharp goat cheese, sweet roasted red onion and chilli-infused honey poured on the moment it leaves the oven. Toasted walnuts bring the crunch.',
    ingredients: [
      { title: 'For the hot honey (enough for 8 pizzas)', items: [
        { amount: '200 g', item: 'runny wildflower honey' },
        { amount: '2', item: 'dried chipotle or ancho chillies, torn' },
        { amount: '1 tsp (2 g)', item: 'chilli flakes' },
        { amount: '1 pinch', item: 'sea salt' },
      ] },
      { title: 'For the pizza', items: [
        DOUGH_BALL,
        { amount: '80 g', item: 'fior di latte mozzarella, torn and drained' },
        { amount: '70 g', item: "soft rindless goat's cheese" },
        { amount: '½', item: 'red onion, thinly sliced' },
        { amount: '15 g', item: 'walnuts, toasted and roughly broken' },
        { amount: '4 sprigs', item: 'thyme, leaves picked' },
        { amount: '1 tbsp (20 g)', item: 'hot honey (above)' },
        { amount: '5 ml', item: 'extra virgin olive oil' },
      ] },
    ],
    method: [
      'Warm the honey, chillies, chilli flakes and salt in a small pan until just bubbling at the edges, then take off the heat and leave to infuse for at least 1 hour. Strain into a jar; it keeps for a month.',
      'Toss the onion in the olive oil and cook it in a cast-iron pan at the mouth of the wood oven for 5 minutes until softened and catching at the edges.',
      'Open the dough ball to 30 cm on a semolina-dusted peel. Scatter the mozzarella and onion, then pinch the goat cheese over in small pieces.',
      'Bake near the fire for about 90 seconds, turning every 15–20 seconds, until the crust is blistered and the goat cheese is browning.',
      'Scatter the walnuts and thyme, trickle the hot honey over in a thin zigzag and serve.',
    ],
    homeOven: `${PIZZA_HOME_OVEN} Soften the onion in a frying pan over a medium heat instead of in the wood oven.`,
    allergens: [
      { allergen: 'gluten', source: 'wheat' },
      { allergen: 'milk' },
      { allergen: 'nuts', source: 'walnut' },
    ],
  },
  {
    id: 'nduja-ricotta',
    title: 'Nduja and ricotta',
    chapter: 'pizza',
    serves: '1 (one 30 cm pizza)',
    time: '10 min + dough',
    idea:
      'Nduja is a soft, fiery Calabrian sausage that melts into the tomato as it bakes. Cold spoonfuls of lemony ricotta go on after the oven, so every bite swings between heat and cool.',
    ingredients: [
      {
        items: [
          DOUGH_BALL,
          { amount: '80 g', item: 'tomato sauce (see Margherita)', recipe: 'margherita' },
          { amount: '80 g', item: 'fior di latte mozzarella, torn and drained' },
          { amount: '40 g', item: 'nduja, in small pieces' },
          { amount: '60 g', item: 'whole-milk ricotta' },
          { amount: '½', item: 'unwaxed lemon, finely zested' },
          { amount: '10 g', item: 'Pecorino Romano, finely grated' },
          { amount: '¼', item: 'red onion, very thinly sliced' },
          { amount: '6', item: 'basil leaves' },
          { amount: '5 ml', item: 'extra virgin olive oil' },
        ],
      },
    ],
    method: [
      'Beat the ricotta with the lemon zest and a pinch of salt and keep it cold.',
      'Open the dough ball to 30 cm on a semolina-dusted peel. Spread the tomato sauce to 2 cm from the edge, then add the Pecorino, mozzarella, onion and dots of nduja.',
      'Bake near the fire for about 90 seconds, turning every 15–20 seconds, until the crust is spotted and the nduja has melted into red pools.',
      'Drop teaspoons of the cold ricotta over the pizza, add the basil and olive oil and serve.',
    ],
    homeOven: PIZZA_HOME_OVEN,
    allergens: [{ allergen: 'gluten', source: 'wheat' }, { allergen: 'milk' }],
  },
  {
    id: 'anchovy-olive-caper',
    title: 'Anchovy, olive and caper',
    chapter: 'pizza',
    serves: '1 (one 30 cm pizza)',
    time: '15 min + dough',
    idea:
      'A red pizza with no cheese at all, built on the salty Mediterranean trio of anchovy, black olive and caper. Garlic-crisp breadcrumbs and lemon zest go on at the end to give it crunch and lift.',
    ingredients: [
      { title: 'For the pangrattato', items: [
        { amount: '30 g', item: 'coarse sourdough breadcrumbs' },
        { amount: '1', item: 'garlic clove, finely grated' },
        { amount: '15 ml', item: 'extra virgin olive oil' },
      ] },
      { title: 'For the pizza', items: [
        DOUGH_BALL,
        { amount: '90 g', item: 'tomato sauce (see Margherita)', recipe: 'margherita' },
        { amount: '6', item: 'salted anchovy fillets in olive oil' },
        { amount: '12', item: 'Kalamata olives, pitted and halved' },
        { amount: '1 tbsp (10 g)', item: 'capers in salt, soaked for 10 minutes and rinsed' },
        { amount: '1', item: 'garlic clove, thinly sliced' },
        { amount: '1 pinch', item: 'dried oregano' },
        { amount: '1 pinch', item: 'chilli flakes' },
        { amount: '½', item: 'unwaxed lemon, finely zested' },
        { amount: '1 small handful', item: 'flat-leaf parsley, chopped' },
        { amount: '10 ml', item: 'extra virgin olive oil' },
      ] },
    ],
    method: [
      'Make the pangrattato: fry the breadcrumbs in the oil over a medium heat, stirring, until golden, about 4 minutes. Add the garlic for the last 30 seconds, then tip onto kitchen paper.',
      'Open the dough ball to 30 cm on a semolina-dusted peel. Spread the tomato sauce right to 1 cm from the edge, then scatter the sliced garlic, oregano and chilli.',
      'Bake near the fire for about 60 seconds, turning every 15–20 seconds.',
      'Pull the pizza to the mouth of the oven, lay on the anchovies, olives and capers and return it for a final 20–30 seconds so they just warm through.',
      'Finish with the pangrattato, lemon zest, parsley and olive oil.',
    ],
    homeOven: `${PIZZA_HOME_OVEN} Add the anchovies, olives and capers for the last 2 minutes.`,
    allergens: [{ allergen: 'gluten', source: 'wheat' }, { allergen: 'fish', source: 'anchovy' }],
  },
  {
    id: 'mushroom-sage-taleggio',
    title: 'Mushroom, sage and taleggio',
    chapter: 'pizza',
    serves: '1 (one 30 cm pizza)',
    time: '20 min + dough',
    idea:
      'An autumn white pizza. Mixed mushrooms are roasted hard with butter and a splash of white wine, then baked under washed-rind taleggio, with sage leaves frying crisp in the heat of the oven.',
    ingredients: [
      {
        items: [
          DOUGH_BALL,
          { amount: '150 g', item: 'mixed mushrooms (chestnut, oyster, shiitake), torn' },
          { amount: '15 g', item: 'unsalted butter' },
          { amount: '1', item: 'garlic clove, thinly sliced' },
          { amount: '30 ml', item: 'dry white wine' },
          { amount: '60 g', item: 'fior di latte mozzarella, torn and drained' },
          { amount: '70 g', item: 'taleggio, rind on, sliced' },
          { amount: '8', item: 'sage leaves' },
          { amount: '10 ml', item: 'extra virgin olive oil' },
          { item: 'Sea salt and black pepper' },
        ],
      },
    ],
    method: [
      'Heat a cast-iron pan in the wood oven, add the butter and mushrooms and roast for 4 minutes, stirring once, until browned. Add the garlic and wine and let it bubble away, about 1 minute. Season.',
      'Open the dough ball to 30 cm on a semolina-dusted peel. Brush with half the olive oil, scatter the mozzarella and mushrooms, then lay over the taleggio.',
      'Toss the sage leaves in the remaining oil and tuck them in between the cheese.',
      'Bake near the fire for about 90 seconds, turning every 15–20 seconds, until the taleggio is bubbling and the sage is crisp.',
      'Finish with plenty of black pepper.',
    ],
    homeOven: `${PIZZA_HOME_OVEN} Cook the mushrooms in a very hot frying pan on the hob instead.`,
    allergens: [
      { allergen: 'gluten', source: 'wheat' },
      { allergen: 'milk' },
      { allergen: 'sulphites', source: 'white wine' },
    ],
  },
];

const MAINS: readonly Recipe[] = [
  {
    id: 'whole-cauliflower-harissa-tahini',
    title: 'Whole cauliflower with harissa and tahini',
    chapter: 'wood-fired-mains',
    serves: '4 as a main, 6 to share',
    time: '20 min + 1 h 15 min',
    idea:
      'A whole cauliflower, blanched, lacquered in harissa and roasted until the outside chars and the middle is soft enough to cut with a spoon. It goes to the table whole on a pool of lemony tahini, with pistachios and pomegranate on top.',
    ingredients: [
      { title: 'For the cauliflower', items: [
        { amount: '1 large (about 1.2 kg)', item: 'cauliflower, with its leaves' },
        { amount: '60 g', item: 'rose harissa paste' },
        { amount: '45 ml', item: 'extra virgin olive oil' },
        { amount: '1 tsp (3 g)', item: 'ground cumin' },
        { amount: '1', item: 'lemon, juiced' },
        { amount: '20 g', item: 'sea salt, for the blanching water' },
      ] },
      { title: 'For the tahini sauce', items: [
        { amount: '100 g', item: 'tahini' },
        { amount: '1', item: 'lemon, juiced' },
        { amount: '1', item: 'small garlic clove, grated' },
        { amount: '80–100 ml', item: 'iced water' },
        { amount: '1 pinch', item: 'sea salt' },
      ] },
      { title: 'To finish', items: [
        { amount: '30 g', item: 'shelled pistachios, toasted and chopped' },
        { amount: '50 g', item: 'pomegranate seeds' },
        { amount: '1 small bunch', item: 'mint and coriander, leaves picked' },
      ] },
    ],
    method: [
      'Bring a large pan of water to the boil with the salt. Trim the base of the cauliflower so it sits flat, keeping the small inner leaves. Lower it in and simmer for 6 minutes, then lift out and steam-dry upside down for 10 minutes.',
      'Mix the harissa, olive oil, cumin and lemon juice. Sit the cauliflower in a cast-iron pan and rub the paste all over and into the florets.',
      'Roast in the wood oven at about 250 °C, away from the flames, for 40–50 minutes, turning the pan every 10 minutes, until charred on the outside and a skewer slides easily into the core.',
      'Meanwhile whisk the tahini with the lemon juice, garlic and salt. It will seize; keep whisking in iced water a splash at a time until smooth and pourable.',
      'Spread the tahini sauce on a warm platter, sit the cauliflower on top and finish with the pistachios, pomegranate and herbs. Carve at the table into wedges.',
    ],
    homeOven:
      'Roast at 220 °C (200 °C fan) on a tray in the middle of the oven for 60–70 minutes, basting with the pan juices every 20 minutes, then 3–4 minutes under a hot grill to char the top.',
    allergens: [{ allergen: 'sesame', source: 'tahini' }, { allergen: 'nuts', source: 'pistachio' }],
  },
  {
    id: 'porchetta-roll',
    title: 'Porchetta roll',
    chapter: 'wood-fired-mains',
    serves: '8–10',
    time: '45 min + overnight dry + 4 h roast',
    idea:
      'Pork belly rolled round fennel seed, garlic, rosemary and lemon, dried overnight and roasted slowly until the skin shatters like glass. We slice it thick into warm ciabatta rolls with a sharp salsa verde: the best sandwich on the menu.',
    ingredients: [
      { title: 'For the porchetta', items: [
        { amount: '3 kg', item: 'boneless pork belly, skin on, scored' },
        { amount: '2 tbsp (12 g)', item: 'fennel seeds, toasted and crushed' },
        { amount: '6', item: 'garlic cloves, crushed' },
        { amount: '3 sprigs', item: 'rosemary, leaves finely chopped' },
        { amount: '10', item: 'sage leaves, finely chopped' },
        { amount: '1', item: 'unwaxed lemon, finely zested' },
        { amount: '1 tsp (2 g)', item: 'chilli flakes' },
        { amount: '30 g', item: 'flaky sea salt' },
        { amount: '1 tsp (3 g)', item: 'black pepper, coarsely ground' },
      ] },
      { title: 'For the salsa verde', items: [
        { amount: '1 large bunch (40 g)', item: 'flat-leaf parsley' },
        { amount: '1 small bunch (15 g)', item: 'mint' },
        { amount: '1 small bunch (15 g)', item: 'basil' },
        { amount: '2 tbsp (20 g)', item: 'capers, rinsed' },
        { amount: '4', item: 'anchovy fillets' },
        { amount: '1 tsp (5 g)', item: 'Dijon mustard' },
        { amount: '15 ml', item: 'red wine vinegar' },
        { amount: '120 ml', item: 'extra virgin olive oil' },
      ] },
      { title: 'To serve', items: [{ amount: '10', item: 'ciabatta rolls, split and warmed' }] },
    ],
    method: [
      'The day before, lay the belly skin side down. Score the meat side in a 2 cm diamond pattern and rub in the fennel, garlic, rosemary, sage, lemon zest, chilli, pepper and two thirds of the salt.',
      'Roll the belly up tightly from a long side so the skin wraps the outside, and tie with butcher\u2019s string every 3 cm. Pat the skin dry, rub with the remaining salt and refrigerate uncovered overnight to dry the skin.',
      'Take the porchetta out 1 hour before cooking. Roast in the wood oven with the fire banked low at 150–160 °C, on a rack over a tray, for 3 hours, turning the tray every 30 minutes.',
      'Build the fire up to bring the oven to 230–250 °C and roast for a further 30–45 minutes, turning often, until the skin is blistered and crackling all over and the centre reads 75 °C.',
      'Rest for 20 minutes. Meanwhile chop the herbs, capers and anchovies together by hand, then stir in the mustard, vinegar and oil.',
      'Cut away the string, slice the porchetta 1.5 cm thick with a serrated knife, and pile into the warm rolls with a spoonful of salsa verde and a shard of crackling.',
    ],
    homeOven:
      'Roast at 160 °C (140 °C fan) for 3 hours, then turn the oven up to 240 °C (220 °C fan) for 30–40 minutes until the skin crackles, turning the tray once.',
    allergens: [
      { allergen: 'gluten', source: 'wheat' },
      { allergen: 'fish', source: 'anchovy' },
      { allergen: 'mustard' },
      { allergen: 'sulphites', source: 'red wine vinegar' },
    ],
  },
  {
    id: 'chicken-thighs',
    title: 'Wood-fired chicken thighs',
    chapter: 'wood-fired-mains',
    serves: '4',
    time: '15 min + 4 h marinating + 30 min',
    idea:
      'Bone-in thighs are the best part of the bird for a fierce oven: they stay juicy while the skin renders and crisps. A yoghurt, garlic and smoked paprika marinade tenderises the meat and catches in dark, smoky patches.',
    ingredients: [
      { title: 'For the marinade', items: [
        { amount: '150 g', item: 'Greek yoghurt' },
        { amount: '4', item: 'garlic cloves, grated' },
        { amount: '1', item: 'lemon, zested and juiced' },
        { amount: '2 tsp (5 g)', item: 'smoked paprika' },
        { amount: '1 tsp (1 g)', item: 'dried oregano' },
        { amount: '30 ml', item: 'extra virgin olive oil' },
        { amount: '10 g', item: 'fine sea salt' },
      ] },
      { title: 'For the chicken', items: [
        { amount: '8 (about 1.2 kg)', item: 'bone-in, skin-on chicken thighs' },
        { amount: '2', item: 'lemons, halved' },
        { amount: '1 small bunch', item: 'flat-leaf parsley, chopped' },
      ] },
    ],
    method: [
      'Mix all the marinade ingredients. Slash each thigh twice to the bone on the skin side, turn in the marinade and refrigerate for 4 hours or overnight.',
      'Take the chicken out 30 minutes before cooking. Wipe off the excess marinade and lay the thighs skin side up in a cast-iron pan with the lemon halves cut side up.',
      'Roast in the wood oven at about 250 °C, not too near the flames, for 25–30 minutes, turning the pan every 8 minutes, until the skin is crisp and charred at the edges and the meat by the bone reads 75 °C.',
      'Rest for 5 minutes, squeeze over the roasted lemons and scatter with parsley.',
    ],
    homeOven:
      'Roast at 220 °C (200 °C fan) on a rack over a tray for 35–40 minutes, then 2–3 minutes under a hot grill to char the skin.',
    allergens: [{ allergen: 'milk' }],
  },
  {
    id: 'smoked-salmon-dill-cream',
    title: 'Smoked salmon with dill cream',
    chapter: 'wood-fired-mains',
    serves: '6',
    time: '20 min + 2 h cure + 30 min',
    idea:
      'A side of salmon cured briefly in salt and sugar, then hot-smoked over oak in the cooling oven so it stays moist and flakes in big petals. A cold dill and horseradish cream cuts the richness.',
    ingredients: [
      { title: 'For the salmon', items: [
        { amount: '1 kg', item: 'side of salmon, skin on, pin-boned' },
        { amount: '60 g', item: 'fine sea salt' },
        { amount: '60 g', item: 'light brown sugar' },
        { amount: '1', item: 'unwaxed lemon, finely zested' },
        { amount: '2 handfuls (100 g)', item: 'oak smoking chips, soaked in water for 30 minutes' },
      ] },
      { title: 'For the dill cream', items: [
        { amount: '200 ml', item: 'crème fraîche' },
        { amount: '1 small bunch (20 g)', item: 'dill, chopped' },
        { amount: '15 g', item: 'fresh horseradish, finely grated' },
        { amount: '1 tsp (5 g)', item: 'Dijon mustard' },
        { amount: '½', item: 'lemon, juiced' },
        { amount: '1 tbsp (10 g)', item: 'small capers, rinsed' },
      ] },
    ],
    method: [
      'Mix the salt, sugar and lemon zest and spread over the flesh of the salmon. Refrigerate, uncovered, for 2 hours.',
      'Rinse the cure off, pat the fish dry and leave it on a rack in the fridge for 30 minutes to form a tacky skin, which takes the smoke.',
      'Let the wood oven fall to 120–140 °C. Push the embers to one side, scatter the drained oak chips over them and lay the salmon, skin side down, on an oiled tray as far from the embers as possible. Close the door.',
      'Smoke for 20–30 minutes until the fish is just opaque and flakes when pressed; the centre should read 52–55 °C.',
      'Meanwhile stir all the dill cream ingredients together and season with a pinch of salt.',
      'Serve the salmon warm or at room temperature, broken into large flakes, with the dill cream alongside.',
    ],
    homeOven:
      'Line a deep roasting tin with foil, put the drained chips in the bottom, set a rack over them and heat on the hob until smoking. Lay the salmon on the rack, cover tightly with foil and transfer to the oven at 140 °C (120 °C fan) for 20–25 minutes. Do this with the extractor on and a window open.',
    allergens: [{ allergen: 'fish', source: 'salmon' }, { allergen: 'milk' }, { allergen: 'mustard' }],
  },
  {
    id: 'maple-pork-belly-apple-slaw',
    title: 'Maple pork belly with apple slaw',
    chapter: 'wood-fired-mains',
    serves: '6',
    time: '30 min + overnight dry + 3 h 15 min',
    idea:
      'Slow-cooked pork belly, pressed, cut into thick slabs and glazed with maple, soy and mustard until sticky and blackened at the edges. A sharp, crunchy slaw of apple, fennel and red cabbage keeps it honest.',
    ingredients: [
      { title: 'For the pork', items: [
        { amount: '1.5 kg', item: 'boneless pork belly, skin removed' },
        { amount: '15 g', item: 'flaky sea salt' },
        { amount: '1 tsp (2 g)', item: 'fennel seeds, crushed' },
        { amount: '250 ml', item: 'dry cider' },
      ] },
      { title: 'For the maple glaze', items: [
        { amount: '120 ml', item: 'maple syrup' },
        { amount: '30 ml', item: 'soy sauce' },
        { amount: '30 ml', item: 'cider vinegar' },
        { amount: '1 tbsp (15 g)', item: 'wholegrain mustard' },
        { amount: '1', item: 'garlic clove, grated' },
      ] },
      { title: 'For the apple slaw', items: [
        { amount: '2', item: 'sharp green apples, cut into matchsticks' },
        { amount: '1', item: 'fennel bulb, shaved thinly' },
        { amount: '¼', item: 'red cabbage, finely shredded (about 250 g)' },
        { amount: '2', item: 'spring onions, thinly sliced' },
        { amount: '1', item: 'lemon, juiced' },
        { amount: '30 ml', item: 'extra virgin olive oil' },
        { amount: '1 small bunch', item: 'flat-leaf parsley, leaves picked' },
      ] },
    ],
    method: [
      'Rub the pork with the salt and fennel and leave uncovered in the fridge overnight.',
      'Put the pork in a deep roasting tin with the cider, cover tightly with foil and cook in the wood oven with the fire burnt down to 150 °C for 2½ hours, until a skewer goes in without resistance.',
      'Lift the pork onto a tray, cover with baking paper and press it under a second tray with a few tins on top while it cools, at least 1 hour (or overnight in the fridge). Skim the fat from the cooking juices and keep them.',
      'Simmer the glaze ingredients with 100 ml of the cooking juices until syrupy, about 8 minutes.',
      'Cut the pork into 6 thick slabs. Bring the oven back up to 250 °C. Roast the slabs in a cast-iron pan for 10 minutes, then brush with glaze every 3 minutes for another 10 minutes until sticky and blackened at the edges.',
      'Just before serving, toss the apple, fennel, cabbage and spring onion with the lemon juice, olive oil, parsley and a pinch of salt.',
      'Serve the pork with the slaw and the rest of the glaze spooned over.',
    ],
    homeOven:
      'Braise covered at 150 °C (130 °C fan) for 2½ hours. Glaze the slabs at 220 °C (200 °C fan) for 20 minutes, brushing every 5 minutes, and finish under a hot grill.',
    allergens: [
      { allergen: 'soya', source: 'soy sauce' },
      { allergen: 'gluten', source: 'wheat, in the soy sauce' },
      { allergen: 'mustard' },
      { allergen: 'sulphites', source: 'cider and cider vinegar' },
    ],
  },
  {
    id: 'charred-corn',
    title: 'Charred corn with chipotle butter',
    chapter: 'wood-fired-mains',
    serves: '6 (one cob each)',
    time: '15 min + 15 min',
    idea:
      'Sweetcorn roasted in its husk, then stripped and charred on the oven floor so the kernels pop and blacken. Rolled in smoky chipotle and lime butter and crumbled feta, it eats like a main on a summer night.',
    ingredients: [
      { title: 'For the corn', items: [{ amount: '6', item: 'corn cobs in their husks' }] },
      { title: 'For the chipotle butter', items: [
        { amount: '100 g', item: 'unsalted butter, softened' },
        { amount: '1 tbsp (20 g)', item: 'chipotle paste' },
        { amount: '1', item: 'lime, zested' },
        { amount: '½ tsp (3 g)', item: 'flaky sea salt' },
      ] },
      { title: 'To finish', items: [
        { amount: '80 g', item: 'feta, crumbled' },
        { amount: '1 small bunch', item: 'coriander, chopped' },
        { amount: '2', item: 'limes, cut into wedges' },
      ] },
    ],
    method: [
      'Soak the corn, husks and all, in cold water for 15 minutes.',
      'Beat the butter with the chipotle paste, lime zest and salt.',
      'Lay the cobs on the wood-oven floor at about 300 °C and roast for 10 minutes, turning halfway, until the husks are blackened.',
      'Pull back the husks (use a cloth: they are hot) and tie them back as a handle. Return the cobs to the oven floor for 3–5 minutes, turning, until the kernels are charred in places.',
      'Brush generously with the chipotle butter, roll in the feta and coriander and serve with lime wedges.',
    ],
    homeOven:
      'Roast the soaked cobs in their husks at 220 °C (200 °C fan) for 20 minutes, then husk them and char under a very hot grill or in a dry griddle pan for 5 minutes, turning.',
    allergens: [{ allergen: 'milk' }],
  },
];

const SIDES: readonly Recipe[] = [
  {
    id: 'roast-potatoes',
    title: 'Wood-roast potatoes',
    chapter: 'sides',
    serves: '6',
    time: '15 min + 1 h',
    idea:
      'Parboiled potatoes roughed up with a little semolina so every edge turns to crunch, roasted in smoking-hot fat at the front of the oven. Finished with rosemary and garlic butter and a lot of salt.',
    ingredients: [
      {
        items: [
          { amount: '1.5 kg', item: 'Maris Piper potatoes, peeled and cut into large chunks' },
          { amount: '20 g', item: 'fine sea salt, for the water' },
          { amount: '30 g', item: 'fine semolina' },
          { amount: '100 ml', item: 'beef dripping or rapeseed oil' },
          { amount: '40 g', item: 'salted butter' },
          { amount: '6', item: 'garlic cloves, bashed in their skins' },
          { amount: '4 sprigs', item: 'rosemary' },
          { item: 'Flaky sea salt, to finish' },
        ],
      },
    ],
    method: [
      'Put the potatoes in cold water with the salt, bring to the boil and simmer for 8–10 minutes until the outsides are soft. Drain and steam-dry in the colander for 5 minutes.',
      'Heat the dripping in a heavy roasting tin in the wood oven at about 230 °C until shimmering.',
      'Scatter the semolina over the potatoes and shake the colander hard to rough up the edges.',
      'Tip the potatoes carefully into the hot fat and turn to coat. Roast for 45–50 minutes, turning every 15 minutes and turning the tin so they colour evenly, until deep golden and crisp.',
      'For the last 5 minutes add the butter, garlic and rosemary, and toss as the butter foams. Season hard with flaky salt.',
    ],
    homeOven:
      'Heat the fat in the tin at 220 °C (200 °C fan) for 10 minutes, then roast the potatoes for 50–60 minutes, turning twice.',
    allergens: [{ allergen: 'gluten', source: 'wheat' }, { allergen: 'milk' }],
  },
  {
    id: 'flatbread',
    title: "Flatbread with za'atar butter",
    chapter: 'sides',
    serves: '8 flatbreads',
    time: '20 min + 1 h rest',
    idea:
      'A soft yoghurt dough that needs no yeast and puffs up in seconds on the oven floor. Brushed straight away with melted butter and za\u2019atar, it is the thing you will want with everything else in this chapter.',
    ingredients: [
      { title: 'For the dough', items: [
        { amount: '500 g', item: 'strong white bread flour, plus extra for dusting' },
        { amount: '2 tsp (8 g)', item: 'baking powder' },
        { amount: '8 g', item: 'fine sea salt' },
        { amount: '300 g', item: 'natural yoghurt' },
        { amount: '100 ml', item: 'warm water' },
        { amount: '30 ml', item: 'extra virgin olive oil' },
      ] },
      { title: "For the za'atar butter", items: [
        { amount: '60 g', item: 'salted butter, melted' },
        { amount: '2 tbsp (12 g)', item: "za'atar (thyme, sumac and sesame seeds)" },
        { amount: '1', item: 'garlic clove, grated' },
      ] },
    ],
    method: [
      'Mix the flour, baking powder and salt, then add the yoghurt, water and oil and bring together into a soft dough. Knead for 3 minutes until smooth, cover and rest for 1 hour.',
      'Stir the za\u2019atar and garlic into the melted butter.',
      'Divide the dough into 8 and roll each out on a floured bench to an oval about 5 mm thick.',
      'Cook on the wood-oven floor at about 350 °C for 60–90 seconds until puffed and spotted brown, turning once with the peel.',
      'Brush with the za\u2019atar butter as they come out and stack them in a clean tea towel to keep soft.',
    ],
    homeOven:
      'Cook in a dry cast-iron pan over a high heat for 1–2 minutes a side until puffed and spotted, or on a pizza steel under a hot grill for 2 minutes.',
    allergens: [
      { allergen: 'gluten', source: 'wheat' },
      { allergen: 'milk' },
      { allergen: 'sesame', source: "za'atar" },
    ],
  },
  {
    id: 'tenderstem',
    title: 'Charred tenderstem, chilli and almonds',
    chapter: 'sides',
    serves: '4',
    time: '10 min + 10 min',
    idea:
      'Tenderstem broccoli thrown into a hot pan in the oven for a few minutes, so the florets char and the stems stay bright and snappy. Garlic, chilli, lemon and toasted almonds do the rest.',
    ingredients: [
      {
        items: [
          { amount: '400 g', item: 'tenderstem broccoli, ends trimmed' },
          { amount: '30 ml', item: 'extra virgin olive oil' },
          { amount: '2', item: 'garlic cloves, thinly sliced' },
          { amount: '1', item: 'red chilli, thinly sliced' },
          { amount: '30 g', item: 'flaked almonds, toasted' },
          { amount: '½', item: 'lemon, zested and juiced' },
          { item: 'Flaky sea salt' },
        ],
      },
    ],
    method: [
      'Heat a cast-iron pan in the wood oven at about 280 °C for 5 minutes.',
      'Toss the broccoli in half the oil with a pinch of salt, spread it in the hot pan and roast for 3 minutes.',
      'Turn the broccoli, scatter over the garlic and chilli with the rest of the oil and roast for 2–3 minutes more, until the florets are charred and the stems are just tender.',
      'Finish with the lemon zest and juice and the toasted almonds.',
    ],
    homeOven:
      'Use a griddle or heavy frying pan over a high heat: char the broccoli for 4–5 minutes, turning, then add the garlic and chilli for the last minute.',
    allergens: [{ allergen: 'nuts', source: 'almond' }],
  },
  {
    id: 'burnt-leek-slaw',
    title: 'Burnt leek slaw',
    chapter: 'sides',
    serves: '6',
    time: '30 min + 20 min',
    idea:
      'Whole leeks are buried in the embers until black outside and silky within, then peeled and cut through a crisp slaw of cabbage and carrot. A mustardy homemade mayonnaise ties the smoke and the crunch together.',
    ingredients: [
      { title: 'For the mayonnaise', items: [
        { amount: '1', item: 'British Lion free-range egg yolk' },
        { amount: '1 tsp (5 g)', item: 'Dijon mustard' },
        { amount: '10 ml', item: 'cider vinegar' },
        { amount: '150 ml', item: 'rapeseed oil' },
        { amount: '½', item: 'lemon, juiced' },
      ] },
      { title: 'For the slaw', items: [
        { amount: '3', item: 'medium leeks, whole, roots trimmed' },
        { amount: '¼', item: 'white cabbage, finely shredded (about 300 g)' },
        { amount: '2', item: 'carrots, cut into matchsticks' },
        { amount: '3', item: 'spring onions, thinly sliced' },
        { amount: '1 small bunch', item: 'chives, snipped' },
        { item: 'Sea salt and black pepper' },
      ] },
    ],
    method: [
      'Lay the leeks directly in the embers at the side of the wood oven and cook for 15–20 minutes, turning every 5 minutes, until the outsides are black and the insides feel soft when squeezed with tongs.',
      'Leave the leeks to cool, then slit and peel away the burnt outer layers. Slice the soft centres into 2 cm pieces.',
      'For the mayonnaise, whisk the egg yolk with the mustard and vinegar, then whisk in the oil a few drops at a time, then in a thin stream, until thick. Season with lemon juice, salt and pepper.',
      'Toss the cabbage, carrot and spring onion with enough mayonnaise to coat, then fold through the leeks and chives. Serve within the hour so it stays crisp.',
    ],
    homeOven:
      'Char the whole leeks directly over a gas flame or under a very hot grill for 12–15 minutes, turning, then wrap in foil and leave for 10 minutes to steam soft.',
    allergens: [
      { allergen: 'eggs' },
      { allergen: 'mustard' },
      { allergen: 'sulphites', source: 'cider vinegar' },
    ],
  },
  {
    id: 'beetroot-labneh',
    title: 'Beetroot with labneh',
    chapter: 'sides',
    serves: '4–6',
    time: '20 min + 24 h straining + 1 h 15 min',
    idea:
      'Beetroots roasted in foil in the dying oven until sweet and tender, dressed warm in orange and pomegranate molasses. Cool, tangy homemade labneh and a hazelnut and sesame dukkah make it a side that steals the table.',
    ingredients: [
      { title: 'For the labneh', items: [
        { amount: '500 g', item: 'full-fat Greek yoghurt' },
        { amount: '3 g', item: 'fine sea salt' },
      ] },
      { title: 'For the beetroot', items: [
        { amount: '1 kg', item: 'mixed beetroots, scrubbed' },
        { amount: '30 ml', item: 'extra virgin olive oil' },
        { amount: '1', item: 'orange, zested and juiced' },
        { amount: '20 ml', item: 'pomegranate molasses' },
        { item: 'Sea salt' },
      ] },
      { title: 'For the dukkah', items: [
        { amount: '40 g', item: 'blanched hazelnuts' },
        { amount: '20 g', item: 'sesame seeds' },
        { amount: '1 tbsp (5 g)', item: 'coriander seeds' },
        { amount: '1 tsp (2 g)', item: 'cumin seeds' },
        { amount: '½ tsp (3 g)', item: 'flaky sea salt' },
      ] },
      { title: 'To finish', items: [
        { amount: '1 small bunch', item: 'dill, picked' },
        { amount: '15 ml', item: 'extra virgin olive oil' },
      ] },
    ],
    method: [
      'A day ahead, stir the salt into the yoghurt, spoon it into a sieve lined with muslin set over a bowl and leave in the fridge for 24 hours to drain into thick labneh.',
      'Wrap the beetroots in foil in a single parcel with a splash of water and a pinch of salt. Roast in the wood oven at 200 °C as the fire dies down for 1 hour–1 h 15 min, until a knife slides in easily.',
      'Meanwhile toast the hazelnuts, sesame, coriander and cumin in a dry pan until fragrant, cool, then pound roughly with the salt.',
      'While the beetroots are still warm, rub off the skins with kitchen paper and cut into wedges. Dress with the olive oil, orange zest and juice, pomegranate molasses and a pinch of salt.',
      'Swipe the labneh across a plate, pile the beetroot on top and finish with dukkah, dill and a drizzle of olive oil.',
    ],
    homeOven: 'Roast the foil parcel at 200 °C (180 °C fan) for 1 hour–1 h 15 min.',
    allergens: [
      { allergen: 'milk' },
      { allergen: 'nuts', source: 'hazelnut' },
      { allergen: 'sesame' },
    ],
  },
];

/** The book, in order: chapters and the recipes in each. */
export const CHAPTERS: readonly Chapter[] = [
  {
    id: 'pizza',
    title: 'PIZZA',
    intro: 'One dough, two days, ninety seconds in the fire.',
    recipes: PIZZA,
  },
  {
    id: 'wood-fired-mains',
    title: 'WOOD-FIRED MAINS',
    intro: 'Big things cooked slowly and finished in the flames.',
    recipes: MAINS,
  },
  {
    id: 'sides',
    title: 'SIDES',
    intro: 'Everything else for the middle of the table.',
    recipes: SIDES,
  },
];

/** Every recipe in reading order. */
export const RECIPES: readonly Recipe[] = CHAPTERS.flatMap((c) => c.recipes);

export function recipeById(id: RecipeId): Recipe {
  const recipe = RECIPES.find((r) => r.id === id);
  if (!recipe) throw new Error(`Unknown recipe '${id}'`);
  return recipe;
}

export function chapterOf(recipe: Recipe): Chapter {
  const chapter = CHAPTERS.find((c) => c.id === recipe.chapter);
  if (!chapter) throw new Error(`Recipe '${recipe.id}' names unknown chapter '${recipe.chapter}'`);
  return chapter;
}

/** A kitchen's allergen note shown under every recipe's list. */
export const ALLERGEN_NOTE =
  'Allergens are for the recipe as written. Our kitchen handles all 14 allergens, so we cannot rule out traces: ask the team if you need to know more.';
