import amexUrl from '../assets/cards/amex.svg?no-inline';
import maestroUrl from '../assets/cards/maestro.svg?no-inline';
import mastercardUrl from '../assets/cards/mastercard.svg?no-inline';
import visaUrl from '../assets/cards/visa.svg?no-inline';
import { useShell } from '../lib/shell.js';
import { COPYRIGHT_YEAR, FOOTER_COMPANY_LINKS, FOOTER_LEGAL_LINKS, FOOTER_SHOP_LINKS, type SiteLink } from '../lib/site-links.js';
import { NewsletterForm } from './NewsletterForm.js';

const CARDS = [
  { src: visaUrl, alt: 'Visa' },
  { src: mastercardUrl, alt: 'Mastercard' },
  { src: amexUrl, alt: 'American Express' },
  { src: maestroUrl, alt: 'Maestro' },
] as const;

function LinkList({ title, links }: { title: string; links: readonly SiteLink[] }) {
  return (
    <nav className="footer__col" aria-label={title}>
      <h2 className="footer__heading">{title}</h2>
      <ul className="footer__links">
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href}>{link.label}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Seed §2 footer: links, contact details, social links, card logos, newsletter, copyright 2021. */
export function SiteFooter() {
  const { appName, company } = useShell();
  return (
    <footer className="footer" data-footer="">
      <div className="container footer__grid">
        <LinkList title="Shop" links={FOOTER_SHOP_LINKS} />
        <LinkList title="Company" links={[...FOOTER_COMPANY_LINKS, ...FOOTER_LEGAL_LINKS]} />
        <section className="footer__col" aria-labelledby="footer-contact-heading">
          <h2 id="footer-contact-heading" className="footer__heading">
            Contact
          </h2>
          <address className="footer__address">
            <span className="footer__company">{company.legal_name}</span>
            {company.address_lines.map((line) => (
              <span key={line}>{line}</span>
            ))}
            <span>{company.country}</span>
            <a className="footer__phone" href={`tel:${company.phone_e164}`} data-phone="">
              {company.phone}
            </a>
          </address>
          <ul className="footer__social" aria-label="Follow us">
            {company.social_links.map((link) => (
              <li key={link.href}>
                <a href={link.href} target="_blank" rel="noopener" data-social={link.label}>
                  {link.label}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
        <div className="footer__col">
          <NewsletterForm />
        </div>
      </div>
      <div className="container footer__bottom">
        <ul className="footer__cards" aria-label="Cards we accept">
          {CARDS.map((card) => (
            <li key={card.alt}>
              <img src={card.src} alt={card.alt} width={48} height={30} loading="lazy" />
            </li>
          ))}
        </ul>
        <p className="footer__copyright" data-copyright="">
          {`© ${COPYRIGHT_YEAR} ${appName}`}
        </p>
      </div>
    </footer>
  );
}
