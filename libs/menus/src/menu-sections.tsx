import type { MouseEventHandler } from 'react';
import { Link } from '@croft/router';
import { VisuallyHidden } from '@croft/ui';
import { emailAddressOf, formatPounds, isInternalHref, type Menu, type MenuItem } from './menu-data';
import './menu-sections.css';

export interface MenuSectionsProps {
  menu: Menu;
  /** Heading level of the section titles (the overlay's title is an h2, the page's an h1). */
  headingLevel?: 2 | 3;
  /** Prefix for section ids (anchors); no prefix → no ids (the overlay, so ids never clash with the page). */
  idPrefix?: string;
  /** Called when an internal link is followed (the overlay closes itself). */
  onNavigate?: () => void;
}

function ItemName({ item, onNavigate }: { item: MenuItem; onNavigate?: () => void }) {
  if (item.isEmail) {
    const address = emailAddressOf(item);
    const label = item.href && item.name !== address ? item.name : undefined;
    return (
      <>
        {label && <span className="site-menu-item__label">{label}</span>}
        <a className="site-menu-item__link" href={`mailto:${address}`}>
          {address}
        </a>
      </>
    );
  }
  if (item.isLink && item.href) {
    if (isInternalHref(item.href)) {
      const onClick: MouseEventHandler<HTMLAnchorElement> | undefined = onNavigate ? () => onNavigate() : undefined;
      return (
        <Link className="site-menu-item__link" to={item.href} onClick={onClick}>
          {item.name}
        </Link>
      );
    }
    return (
      <a className="site-menu-item__link" href={item.href} rel="noopener noreferrer" target="_blank">
        {item.name}
        <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
      </a>
    );
  }
  return <>{item.name}</>;
}

/** A menu's sections: titled lists of items with name, description and price (£3.80). */
export function MenuSections({ menu, headingLevel = 3, idPrefix, onNavigate }: MenuSectionsProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="site-menu-sections">
      {menu.sections.map((section) => {
        const headingId = idPrefix ? `${idPrefix}${section.id}` : undefined;
        return (
          <section key={section.id} className="site-menu-section">
            <Heading className="site-menu-section__title" id={headingId}>
              <span>{section.title}</span>
            </Heading>
            {section.note && <p className="site-menu-section__note">{section.note}</p>}
            <ul className="site-menu-section__items">
              {section.items.map((item) => (
                <li key={item.name} className="site-menu-item">
                  <p className="site-menu-item__head">
                    <span className="site-menu-item__name">
                      <ItemName item={item} onNavigate={onNavigate} />
                    </span>
                    {item.price !== undefined && <span className="site-menu-item__price">{formatPounds(item.price)}</span>}
                  </p>
                  {item.description && <p className="site-menu-item__description">{item.description}</p>}
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
