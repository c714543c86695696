import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent, RefObject } from 'react';
import { Button, CloseIcon, Dialog, IconButton } from '@croft/ui';
import { ALLERGEN_NOTE, CHAPTERS, RECIPES, allergenLabel, chapterOf, recipeById } from './recipes';
import type { Recipe, RecipeId } from './recipes';
import './cook-book.css';

export interface CookBookProps {
  /** Controlled: the book is shown (modal) while this is true. */
  open: boolean;
  /** Called only by the 'Close cook book' button: Escape and outside clicks never close the book. */
  onClose: () => void;
  /** The page the book opens at (default: the cover). Each opening starts there again. */
  startAt?: RecipeId;
}

type PageId = 'cover' | RecipeId;

/** Reading order: the cover, then every recipe chapter by chapter. */
const PAGE_ORDER: readonly PageId[] = ['cover', ...RECIPES.map((r) => r.id)];

/**
 * The Common Cook Book (spec 001 §2, modal 6): a members' reveal behind the gate on /kitchens.
 * A full-screen modal book with a cover, side navigation (chapters, recipes, back to cover) and a
 * page per recipe. It cannot be closed by Escape or an outside click, only by its close button.
 */
export function CookBook({ open, onClose, startAt }: CookBookProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Common Cook Book"
      hideTitle
      hideCloseButton
      closeOnEscape={false}
      closeOnBackdrop={false}
      size="full"
      className="site-cook-book cc-section-kitchens"
    >
      {/* The Dialog renders its content only while open, so every opening starts afresh. */}
      <Book onClose={onClose} startAt={startAt ?? 'cover'} />
    </Dialog>
  );
}

export default CookBook;

type Turn = 'forward' | 'back';

function Book({ onClose, startAt }: { onClose: () => void; startAt: PageId }) {
  const [page, setPage] = useState<PageId>(startAt);
  const [turn, setTurn] = useState<Turn | null>(null);
  const [contentsOpen, setContentsOpen] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const pagesRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const ids = useId();
  const navId = `${ids}-contents`;
  const headingId = `${ids}-heading`;

  const goTo = (next: PageId) => {
    setContentsOpen(false);
    if (next === page) {
      headingRef.current?.focus();
      return;
    }
    setTurn(PAGE_ORDER.indexOf(next) >= PAGE_ORDER.indexOf(page) ? 'forward' : 'back');
    setPage(next);
  };

  // A page turn: start the new page at its top and put focus on its heading, so keyboard and
  // screen-reader users land on what just appeared. (The first page is focused by the Dialog.)
  useEffect(() => {
    if (turn === null) return;
    if (pagesRef.current) pagesRef.current.scrollTop = 0;
    headingRef.current?.focus();
  }, [page, turn]);

  const onContentsKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    // On phones Escape folds the contents away (it never closes the book).
    if (event.key === 'Escape' && contentsOpen) {
      event.preventDefault();
      setContentsOpen(false);
      toggleRef.current?.focus();
    }
  };

  return (
    <div className="site-cook-book__book">
      <div className="site-cook-book__bar">
        <Button
          ref={toggleRef}
          variant="secondary"
          size="sm"
          className="site-cook-book__contents-toggle"
          aria-expanded={contentsOpen}
          aria-controls={navId}
          onClick={() => setContentsOpen((v) => !v)}
        >
          Contents
        </Button>
        <IconButton label="Close cook book" variant="outline" className="site-cook-book__close" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </div>

      <nav
        id={navId}
        aria-label="Cook book contents"
        className="site-cook-book__nav"
        data-open={contentsOpen}
        onKeyDown={onContentsKeyDown}
      >
        <Button
          variant="secondary"
          size="sm"
          className="site-cook-book__cover-link"
          aria-current={page === 'cover' ? 'page' : undefined}
          onClick={() => goTo('cover')}
        >
          Back to cover
        </Button>
        {CHAPTERS.map((chapter) => (
          <div key={chapter.id} className="site-cook-book__chapter">
            <p id={`${ids}-${chapter.id}`} className="site-cook-book__chapter-title">
              {chapter.title}
            </p>
            <ol aria-labelledby={`${ids}-${chapter.id}`} className="site-cook-book__toc">
              {chapter.recipes.map((recipe) => (
                <li key={recipe.id}>
                  <button
                    type="button"
                    className="site-cook-book__toc-entry"
                    aria-current={page === recipe.id ? 'page' : undefined}
                    onClick={() => goTo(recipe.id)}
                  >
                    {recipe.title}
                  </button>
                </li>
              ))}
            </ol>
          </div>
        ))}
      </nav>

      <div ref={pagesRef} className="site-cook-book__pages">
        <article
          key={page}
          aria-labelledby={headingId}
          className={page === 'cover' ? 'site-cook-book__page site-cook-book__cover' : 'site-cook-book__page'}
          data-turn={turn ?? undefined}
        >
          {page === 'cover' ? (
            <Cover headingId={headingId} headingRef={headingRef} onStart={() => goTo(RECIPES[0].id)} />
          ) : (
            <RecipePage recipe={recipeById(page)} headingId={headingId} headingRef={headingRef} goTo={goTo} />
          )}
        </article>
      </div>
    </div>
  );
}

type HeadingProps = { headingId: string; headingRef: RefObject<HTMLHeadingElement | null> };

function Cover({ headingId, headingRef, onStart }: HeadingProps & { onStart: () => void }) {
  return (
    <div className="site-cook-book__cover-inner">
      <p className="site-cook-book__cover-kicker">Croft Common Kitchens</p>
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className="site-cook-book__cover-title">
        Common Cook Book
      </h3>
      <p className="site-cook-book__tagline">Wood. Fire. Dough. Good Taste</p>
      <p className="site-cook-book__cover-blurb">
        {RECIPES.length} recipes from our wood-fired kitchen, in {CHAPTERS.length} chapters:{' '}
        {CHAPTERS.map((c) => c.title.toLowerCase()).join(', ')}. For members, with our thanks.
      </p>
      <Button variant="secondary" size="lg" data-autofocus onClick={onStart}>
        Start reading
      </Button>
    </div>
  );
}

function RecipePage({
  recipe,
  headingId,
  headingRef,
  goTo,
}: HeadingProps & { recipe: Recipe; goTo: (page: PageId) => void }) {
  const sectionId = useId();
  const chapter = chapterOf(recipe);
  const index = RECIPES.indexOf(recipe);
  const previous = index > 0 ? RECIPES[index - 1] : undefined;
  const next = index < RECIPES.length - 1 ? RECIPES[index + 1] : undefined;
  const sid = (name: string) => `${sectionId}-${name}`;

  return (
    <>
      <header className="site-cook-book__recipe-header">
        <p className="site-cook-book__kicker">
          {chapter.title} · Recipe {index + 1} of {RECIPES.length}
        </p>
        <h3 id={headingId} ref={headingRef} tabIndex={-1} className="site-cook-book__recipe-title">
          {recipe.title}
        </h3>
        <dl className="site-cook-book__facts">
          <div>
            <dt>Serves</dt>
            <dd>{recipe.serves}</dd>
          </div>
          <div>
            <dt>Time</dt>
            <dd>{recipe.time}</dd>
          </div>
        </dl>
      </header>

      <section aria-labelledby={sid('idea')} className="site-cook-book__idea">
        <h4 id={sid('idea')}>The idea</h4>
        <p>{recipe.idea}</p>
      </section>

      <div className="site-cook-book__columns">
        <section aria-labelledby={sid('ingredients')} className="site-cook-book__ingredients">
          <h4 id={sid('ingredients')}>Ingredients</h4>
          {recipe.ingredients.map((group, g) => (
            <div key={group.title ?? g} className="site-cook-book__group">
              {group.title && <h5>{group.title}</h5>}
              <ul>
                {group.items.map((ingredient, i) => (
                  <li key={i}>
                    {ingredient.amount && <span className="site-cook-book__amount">{ingredient.amount}</span>}{' '}
                    {ingredient.recipe ? (
                      <button
                        type="button"
                        className="site-cook-book__see"
                        onClick={() => goTo(ingredient.recipe as RecipeId)}
                      >
                        {ingredient.item}
                      </button>
                    ) : (
                      ingredient.item
                    )}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>

        <section aria-labelledby={sid('method')} className="site-cook-book__method">
          <h4 id={sid('method')}>Method</h4>
          <ol>
            {recipe.method.map((step, i) => (
              <li key={i}>{step}</li>
            ))}
          </ol>
          {recipe.homeOven && (
            <p className="site-cook-book__home-oven">
              <strong>No wood oven?</strong> {recipe.homeOven}
            </p>
          )}
        </section>
      </div>

      <section aria-labelledby={sid('allergens')} className="site-cook-book__allergens">
        <h4 id={sid('allergens')}>Allergens</h4>
        <ul>
          {recipe.allergens.map((entry) => (
            <li key={entry.allergen}>{allergenLabel(entry)}</li>
          ))}
        </ul>
        <p className="site-cook-book__allergen-note">{ALLERGEN_NOTE}</p>
      </section>

      <div className="site-cook-book__pager">
        {previous ? (
          <Button variant="secondary" className="site-cook-book__prev" onClick={() => goTo(previous.id)}>
            Previous: {previous.title}
          </Button>
        ) : (
          <span />
        )}
        <Button variant="ghost" className="site-cook-book__print" onClick={() => window.print()}>
          Print recipe
        </Button>
        {next ? (
          <Button className="site-cook-book__next" onClick={() => goTo(next.id)}>
            Next: {next.title}
          </Button>
        ) : (
          <span />
        )}
      </div>
    </>
  );
}
