import { describe, expect, it } from 'vitest';
import { ALLERGEN_NAMES, CHAPTERS, RECIPES, allergenLabel, chapterOf, recipeById } from './recipes';
import type { Allergen, Recipe } from './recipes';

/** Ingredient words that obviously carry one of the 14 allergens. */
const OBVIOUS: Readonly<Record<Allergen, RegExp>> = {
  gluten: /flour|bread|ciabatta|semolina|dough|soy sauce|pangrattato/i,
  milk: /\bmilk|cheese|butter\b|\bcream|crème fraîche|yoghurt|labneh|mozzarella|fior di latte|parmesan|pecorino|ricotta|taleggio|feta/i,
  fish: /anchov|salmon|\bfish/i,
  sesame: /tahini|sesame|za'atar/i,
  nuts: /walnut|almond|hazelnut|pistachio|pecan|cashew|macadamia|brazil nut/i,
  peanuts: /peanut/i,
  eggs: /\begg/i,
  mustard: /mustard|dijon/i,
  sulphites: /wine|vinegar|\bcider\b/i,
  soya: /\bsoy|soya|tofu|miso/i,
  celery: /celery|celeriac/i,
  crustaceans: /prawn|shrimp|crab|lobster|langoustine/i,
  molluscs: /mussel|clam|squid|octopus|scallop|oyster sauce/i,
  lupin: /lupin/i,
};

const ingredientText = (recipe: Recipe) =>
  recipe.ingredients.flatMap((g) => g.items.map((i) => i.item));

const listed = (recipe: Recipe) => new Set(recipe.allergens.map((a) => a.allergen));

describe('the Common Cook Book recipes', () => {
  it('has the three chapters of the spec, in order', () => {
    expect(CHAPTERS.map((c) => c.title)).toEqual(['PIZZA', 'WOOD-FIRED MAINS', 'SIDES']);
    expect(CHAPTERS.map((c) => c.recipes.length)).toEqual([6, 6, 5]);
  });

  it('has all 17 recipes, in chapter order, with unique slug ids', () => {
    expect(RECIPES).toHaveLength(17);
    expect(new Set(RECIPES.map((r) => r.id)).size).toBe(17);
    for (const r of RECIPES) expect(r.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(RECIPES.map((r) => r.id)).toEqual(CHAPTERS.flatMap((c) => c.recipes.map((r) => r.id)));
  });

  it('covers every dish the spec names, in its chapter', () => {
    const titles = (id: string) =>
      CHAPTERS.find((c) => c.id === id)!.recipes.map((r) => r.title.toLowerCase()).join(' | ');
    const pizza = titles('pizza');
    for (const dish of ['sourdough', 'margherita', 'hot honey', 'goat cheese', 'nduja', 'ricotta', 'anchovy', 'olive', 'caper', 'mushroom', 'sage', 'taleggio']) {
      expect(pizza).toContain(dish);
    }
    const mains = titles('wood-fired-mains');
    for (const dish of ['cauliflower', 'harissa', 'tahini', 'porchetta', 'chicken thighs', 'smoked salmon', 'dill cream', 'maple pork belly', 'apple slaw', 'charred corn']) {
      expect(mains).toContain(dish);
    }
    const sides = titles('sides');
    for (const dish of ['roast potatoes', 'flatbread', 'tenderstem', 'burnt leek slaw', 'beetroot', 'labneh']) {
      expect(sides).toContain(dish);
    }
  });

  it('gives every recipe its chapter, serves, time, idea, ingredients, method and allergens', () => {
    for (const r of RECIPES) {
      expect(chapterOf(r).recipes).toContain(r);
      expect(r.title.trim(), r.id).not.toBe('');
      expect(r.serves.trim(), r.id).not.toBe('');
      expect(r.time, r.id).toMatch(/\d+\s*(min|h)/);
      // The idea is two or three sentences.
      const sentences = r.idea.split(/(?<=[.!?])\s+/).filter(Boolean);
      expect(sentences.length, r.id).toBeGreaterThanOrEqual(2);
      expect(sentences.length, r.id).toBeLessThanOrEqual(3);
      const items = r.ingredients.flatMap((g) => g.items);
      expect(items.length, r.id).toBeGreaterThan(2);
      for (const i of items) expect(i.item.trim(), r.id).not.toBe('');
      expect(r.method.length, r.id).toBeGreaterThanOrEqual(3);
      for (const step of r.method) expect(step.trim(), r.id).not.toBe('');
      expect(r.allergens.length, r.id).toBeGreaterThan(0);
      expect(new Set(r.allergens.map((a) => a.allergen)).size, `${r.id} lists an allergen twice`).toBe(r.allergens.length);
    }
  });

  it('uses metric quantities only', () => {
    for (const r of RECIPES) {
      for (const i of r.ingredients.flatMap((g) => g.items)) {
        if (i.amount) expect(i.amount, `${r.id}: ${i.item}`).not.toMatch(/\b(oz|lb|cups?|fl oz|inch|°F)\b/i);
      }
      expect(r.method.join(' '), r.id).not.toMatch(/°F|\binch|\bcups?\b/);
    }
  });

  it('gives a home-oven alternative wherever the method assumes the wood oven', () => {
    const woodOven = RECIPES.filter((r) => /wood oven|wood-oven|embers/i.test(r.method.join(' ')));
    expect(woodOven.length).toBeGreaterThan(12);
    for (const r of woodOven) expect(r.homeOven?.trim(), r.id).toBeTruthy();
  });

  it('lists every allergen an ingredient obviously carries', () => {
    for (const r of RECIPES) {
      const has = listed(r);
      for (const item of ingredientText(r)) {
        for (const [allergen, pattern] of Object.entries(OBVIOUS) as [Allergen, RegExp][]) {
          if (pattern.test(item)) expect(has.has(allergen), `${r.id}: '${item}' needs ${allergen}`).toBe(true);
        }
      }
    }
  });

  it('lists no allergen that none of its ingredients carries', () => {
    for (const r of RECIPES) {
      const text = ingredientText(r);
      for (const { allergen } of r.allergens) {
        expect(text.some((t) => OBVIOUS[allergen].test(t)), `${r.id} lists ${allergen} with no source`).toBe(true);
      }
    }
  });

  it('spot checks: flour means gluten, dairy means milk, anchovy and salmon mean fish, tahini means sesame', () => {
    expect(listed(recipeById('sourdough-dough'))).toEqual(new Set(['gluten']));
    expect(listed(recipeById('margherita'))).toEqual(new Set(['gluten', 'milk']));
    expect(listed(recipeById('anchovy-olive-caper'))).toEqual(new Set(['gluten', 'fish']));
    expect(listed(recipeById('smoked-salmon-dill-cream'))).toEqual(new Set(['fish', 'milk', 'mustard']));
    expect(listed(recipeById('whole-cauliflower-harissa-tahini'))).toEqual(new Set(['sesame', 'nuts']));
    expect(listed(recipeById('beetroot-labneh'))).toEqual(new Set(['milk', 'nuts', 'sesame']));
  });

  it('every pizza made with the sourdough dough lists gluten (wheat), and cross-references point at real recipes', () => {
    for (const r of RECIPES) {
      for (const i of r.ingredients.flatMap((g) => g.items)) {
        if (!i.recipe) continue;
        expect(() => recipeById(i.recipe!)).not.toThrow();
        expect(i.recipe, `${r.id} refers to itself`).not.toBe(r.id);
        if (i.recipe === 'sourdough-dough') {
          expect(r.allergens, r.id).toContainEqual({ allergen: 'gluten', source: 'wheat' });
        }
      }
    }
    const pizzas = CHAPTERS[0].recipes.filter((r) => r.id !== 'sourdough-dough');
    for (const p of pizzas) {
      expect(p.ingredients.flatMap((g) => g.items).some((i) => i.recipe === 'sourdough-dough'), p.id).toBe(true);
    }
  });

  it('names allergens the UK way', () => {
    expect(Object.keys(ALLERGEN_NAMES)).toHaveLength(14);
    expect(allergenLabel({ allergen: 'gluten', source: 'wheat' })).toBe('Gluten (wheat)');
    expect(allergenLabel({ allergen: 'milk' })).toBe('Milk');
    expect(() => recipeById('nope' as never)).toThrow("Unknown recipe 'nope'");
  });
});
