import { PageFrame } from '@croft/ui';
import { MENUS, MenuSections } from '@croft/menus';
import './one-kitchen-menu-page.css';

/** Anchor id of a kitchens section on /onekitchen-menu, e.g. '#menu-pizza'. */
export const ONE_KITCHEN_ANCHOR_PREFIX = 'menu-';

/** /onekitchen-menu: the kitchens' whole menu on the page itself, with a jump link per section. */
export function OneKitchenMenuPage() {
  const menu = MENUS.kitchens;
  return (
    <PageFrame
      section="kitchens"
      eyebrow="Kitchens"
      title="One Kitchen Menu"
      intro="Everything our kitchens cook, on one page: sourdough pizza, wood-fired mains and sides. Noon until 10pm, every day."
    >
      <nav className="site-okm__nav" aria-label="Menu sections">
        <ul>
          {menu.sections.map((section) => (
            <li key={section.id}>
              <a href={`#${ONE_KITCHEN_ANCHOR_PREFIX}${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="site-okm cc-section-kitchens">
        <MenuSections menu={menu} headingLevel={2} idPrefix={ONE_KITCHEN_ANCHOR_PREFIX} />
      </div>
      <p className="site-okm__allergens">
        Tell us about any allergies before you order: every dish is made in a kitchen that handles gluten, dairy, nuts,
        fish and sesame. Full allergen information is at the pass.
      </p>
    </PageFrame>
  );
}
