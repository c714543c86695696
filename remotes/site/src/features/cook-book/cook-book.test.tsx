import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CookBook } from './cook-book';
import CookBookDefault from './cook-book';
import { RECIPES, recipeById } from './recipes';

/** The book as a page uses it: a reveal button, and the book closed by its own button only. */
function Harness({ onCloseSpy, startAt }: { onCloseSpy?: () => void; startAt?: Parameters<typeof CookBook>[0]['startAt'] }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Reveal
      </button>
      <CookBook
        open={open}
        startAt={startAt}
        onClose={() => {
          onCloseSpy?.();
          setOpen(false);
        }}
      />
    </>
  );
}

const book = () => screen.getByRole('dialog', { name: 'Common Cook Book' }) as HTMLDialogElement;
const contents = () => screen.getByRole('navigation', { name: 'Cook book contents' });
const pageHeading = () => within(book()).getByRole('heading', { level: 3 });

describe('CookBook', () => {
  it('opens on the cover with the exact title and tagline, focus on the start button', () => {
    render(<Harness />);
    expect(book().open).toBe(true);
    expect(pageHeading()).toHaveTextContent(/^Common Cook Book$/);
    expect(within(book()).getByText('Wood. Fire. Dough. Good Taste')).toBeInTheDocument();
    const start = within(book()).getByRole('button', { name: 'Start reading' });
    expect(start).toHaveFocus();
    expect(within(contents()).getByRole('button', { name: 'Back to cover' })).toHaveAttribute('aria-current', 'page');
  });

  it('lists the three chapters and all 17 recipes in the side navigation', () => {
    render(<Harness />);
    const nav = contents();
    for (const chapter of ['PIZZA', 'WOOD-FIRED MAINS', 'SIDES']) {
      expect(within(nav).getByRole('list', { name: chapter })).toBeInTheDocument();
    }
    expect(within(within(nav).getByRole('list', { name: 'PIZZA' })).getAllByRole('listitem')).toHaveLength(6);
    const entries = within(nav).getAllByRole('listitem').map((li) => li.textContent);
    expect(entries).toEqual(RECIPES.map((r) => r.title));
  });

  it('shows a recipe page with serves, time, the idea, ingredients, method and allergens; focus on its heading', async () => {
    render(<Harness />);
    const recipe = recipeById('smoked-salmon-dill-cream');
    await userEvent.click(within(contents()).getByRole('button', { name: recipe.title }));

    expect(pageHeading()).toHaveTextContent(recipe.title);
    expect(pageHeading()).toHaveFocus();
    expect(within(contents()).getByRole('button', { name: recipe.title })).toHaveAttribute('aria-current', 'page');
    expect(within(contents()).getByRole('button', { name: 'Back to cover' })).not.toHaveAttribute('aria-current');

    const page = within(book());
    expect(page.getByText('WOOD-FIRED MAINS · Recipe 10 of 17')).toBeInTheDocument();
    expect(page.getByText('Serves').nextElementSibling).toHaveTextContent(recipe.serves);
    expect(page.getByText('Time').nextElementSibling).toHaveTextContent(recipe.time);

    const idea = page.getByRole('region', { name: 'The idea' });
    expect(idea).toHaveTextContent(recipe.idea);

    const ingredients = page.getByRole('region', { name: 'Ingredients' });
    expect(within(ingredients).getByRole('heading', { name: 'For the dill cream' })).toBeInTheDocument();
    expect(within(ingredients).getByText('crème fraîche').closest('li')).toHaveTextContent('200 ml crème fraîche');
    expect(within(ingredients).getAllByRole('listitem')).toHaveLength(recipe.ingredients.flatMap((g) => g.items).length);

    const method = page.getByRole('region', { name: 'Method' });
    const steps = within(method).getByRole('list');
    expect(steps.tagName).toBe('OL');
    expect(within(steps).getAllByRole('listitem')).toHaveLength(recipe.method.length);
    expect(method).toHaveTextContent(`No wood oven? ${recipe.homeOven}`);

    const allergens = page.getByRole('region', { name: 'Allergens' });
    expect(within(allergens).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Fish (salmon)',
      'Milk',
      'Mustard',
    ]);
  });

  it('goes back to the cover from a recipe', async () => {
    render(<Harness startAt="margherita" />);
    expect(pageHeading()).toHaveTextContent('Margherita');
    await userEvent.click(within(contents()).getByRole('button', { name: 'Back to cover' }));
    expect(pageHeading()).toHaveTextContent(/^Common Cook Book$/);
    expect(pageHeading()).toHaveFocus();
    expect(screen.getByText('Wood. Fire. Dough. Good Taste')).toBeInTheDocument();
  });

  it('starts reading at the first recipe, then turns pages with previous and next', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Start reading' }));
    expect(pageHeading()).toHaveTextContent('Sourdough pizza dough');
    // The first page has no previous recipe.
    expect(screen.queryByRole('button', { name: /^Previous:/ })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Next: Margherita' }));
    expect(pageHeading()).toHaveTextContent('Margherita');
    expect(pageHeading()).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Next: Hot honey and goat cheese' }));
    expect(pageHeading()).toHaveTextContent('Hot honey and goat cheese');
    await userEvent.click(screen.getByRole('button', { name: 'Previous: Margherita' }));
    expect(pageHeading()).toHaveTextContent('Margherita');
    expect(within(contents()).getByRole('button', { name: 'Margherita' })).toHaveAttribute('aria-current', 'page');
  });

  it('crosses chapters with next, and the last recipe has no next', async () => {
    render(<Harness startAt="mushroom-sage-taleggio" />);
    await userEvent.click(screen.getByRole('button', { name: 'Next: Whole cauliflower with harissa and tahini' }));
    expect(screen.getByText('WOOD-FIRED MAINS · Recipe 7 of 17')).toBeInTheDocument();

    await userEvent.click(within(contents()).getByRole('button', { name: 'Beetroot with labneh' }));
    expect(screen.getByText('SIDES · Recipe 17 of 17')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Next:/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Previous: Burnt leek slaw' })).toBeInTheDocument();
  });

  it('opens the dough recipe from a pizza ingredient', async () => {
    render(<Harness startAt="nduja-ricotta" />);
    await userEvent.click(screen.getByRole('button', { name: 'sourdough pizza dough' }));
    expect(pageHeading()).toHaveTextContent('Sourdough pizza dough');
  });

  it('does not close on Escape, from the page or from inside the book', async () => {
    const spy = vi.fn();
    render(<Harness onCloseSpy={spy} startAt="flatbread" />);
    await userEvent.keyboard('{Escape}');
    within(contents()).getByRole('button', { name: 'Flatbread with za\'atar butter' }).focus();
    await userEvent.keyboard('{Escape}');
    await new Promise((r) => setTimeout(r, 10));
    expect(spy).not.toHaveBeenCalled();
    expect(book().open).toBe(true);
    expect(pageHeading()).toHaveTextContent("Flatbread with za'atar butter");
    // The platform's close request (cancel) is refused too.
    const cancel = new Event('cancel', { cancelable: true });
    book().dispatchEvent(cancel);
    expect(cancel.defaultPrevented).toBe(true);
  });

  it('does not close on a click outside the book (the backdrop)', async () => {
    const spy = vi.fn();
    render(<Harness onCloseSpy={spy} />);
    fireEvent.mouseDown(book());
    fireEvent.click(book());
    await userEvent.click(document.body);
    await new Promise((r) => setTimeout(r, 10));
    expect(spy).not.toHaveBeenCalled();
    expect(book().open).toBe(true);
  });

  it("closes only with its 'Close cook book' button, and opens again at the cover", async () => {
    const spy = vi.fn();
    render(<Harness onCloseSpy={spy} />);
    await userEvent.click(screen.getByRole('button', { name: 'Start reading' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close cook book' }));
    expect(spy).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Reveal' }));
    expect(pageHeading()).toHaveTextContent(/^Common Cook Book$/);
  });

  it('folds the contents behind a toggle (phones): choosing a recipe folds them away, Escape too', async () => {
    render(<Harness />);
    const toggle = screen.getByRole('button', { name: 'Contents' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', contents().id);
    expect(contents()).toHaveAttribute('data-open', 'false');

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(contents()).toHaveAttribute('data-open', 'true');
    await userEvent.click(within(contents()).getByRole('button', { name: 'Charred tenderstem, chilli and almonds' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(pageHeading()).toHaveTextContent('Charred tenderstem, chilli and almonds');

    await userEvent.click(toggle);
    within(contents()).getByRole('button', { name: 'Back to cover' }).focus();
    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
    expect(book().open).toBe(true);
  });

  it('prints the recipe on request', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    render(<Harness startAt="porchetta-roll" />);
    await userEvent.click(screen.getByRole('button', { name: 'Print recipe' }));
    expect(print).toHaveBeenCalledTimes(1);
    print.mockRestore();
  });

  it('is the default export too (for React.lazy)', () => {
    expect(CookBookDefault).toBe(CookBook);
  });
});
