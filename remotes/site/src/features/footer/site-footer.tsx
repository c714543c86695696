import { Link } from '@croft/router';
import { LazyCommonGoodTotal } from './lazy-common-good-total';
import { LazyNewsletterForm } from './lazy-newsletter-form';
import { useGlobalText } from '../cms-text/api/get-global-text';
import './site-footer.css';

const FOOTER_LINKS = [
  { to: '/book', label: 'Book a table or the hall' },
  { to: '/onekitchen-menu', label: 'One Kitchen menu' },
  { to: '/common-good', label: 'The Common Good fund' },
  { to: '/croft-common-datetime', label: 'Croft Common time' },
  { to: '/privacy', label: 'Privacy' },
  { to: '/branding', label: 'Brand book' },
] as const;

/**
 * The footer of every public page (spec 001 §1, §2 item 10): the newsletter form, the running
 * Common Good total, the venue's address and hours from global content, and the small print.
 */
export function SiteFooter() {
  const global = useGlobalText();
  const brand = global.text('brand_name') || 'Croft Common';
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__newsletter">
          <LazyNewsletterForm />
        </div>
        <div className="site-footer__venue">
          <p className="site-footer__brand">{brand}</p>
          <p>{global.text('footer_address')}</p>
          <p>{global.text('footer_hours')}</p>
          <p>{global.text('footer_note')}</p>
          <LazyCommonGoodTotal className="site-footer__total" />
          <nav aria-label="Footer">
            <ul className="site-footer__links">
              {FOOTER_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
