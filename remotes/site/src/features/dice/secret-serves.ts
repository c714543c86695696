/** The six secret serves behind the cocktail dice (spec 001 §2: "a rolled die picks the member's secret serve"). */
export interface SecretServe {
  name: string;
  spirit: string;
  /** What's in it, as the bar will build it. */
  build: string;
}

export type DieFace = 1 | 2 | 3 | 4 | 5 | 6;

export const SECRET_SERVES: readonly [SecretServe, SecretServe, SecretServe, SecretServe, SecretServe, SecretServe] = [
  { name: 'Seventh Heaven', spirit: 'Gin', build: 'Gin, elderflower, cucumber and lemon, topped with prosecco.' },
  { name: 'Night Porter', spirit: 'Dark rum', build: 'Dark rum, a reduction of our Croft Porter, cold brew and orange bitters.' },
  { name: 'Smoke Signal', spirit: 'Mezcal', build: 'Mezcal, pink grapefruit, agave and lime, with a chilli-salt rim.' },
  { name: 'Harbour Lights', spirit: 'Vodka', build: 'Vodka, passion fruit, vanilla and lime, lengthened with soda.' },
  { name: 'Old Stokes', spirit: 'Rye whiskey', build: 'Rye, sweet vermouth, cherry and walnut bitters, stirred over one big cube.' },
  { name: 'Common Ground', spirit: 'Tequila', build: 'Blanco tequila, cafe cold brew, cacao and cinnamon, shaken hard.' },
];

/** The reward's limit (spec 001 §9: "Cocktail reward: two drinks max"). */
export const TWO_DRINKS_MAX = 'two drinks max';

/**
 * Rolls the die with `random` (Math.random's contract: a number in [0, 1)) and returns the face
 * and the serve it picks. Anything else from `random` is a programming error.
 */
export function rollDie(random: () => number = Math.random): { face: DieFace; serve: SecretServe } {
  const r = random();
  if (typeof r !== 'number' || !(r >= 0 && r < 1)) {
    throw new RangeError(`rollDie: random() must return a number in [0, 1) (got ${String(r)})`);
  }
  const index = Math.floor(r * 6);
  return { face: (index + 1) as DieFace, serve: SECRET_SERVES[index] as SecretServe };
}
