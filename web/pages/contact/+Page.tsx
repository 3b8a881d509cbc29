import { useShell } from '../../lib/shell.js';
import { EnquiryPage } from '../joinus/enquiry-pages.js';

/** `/contact`: intro widget `contact-main`, the phone number and postal address (as in the footer), and the form. */
export default function Page() {
  const { company } = useShell();
  return (
    <EnquiryPage
      aside={
        <section className="contact-details" aria-labelledby="contact-details-heading" data-contact-details="">
          <h2 id="contact-details-heading">Call or write to us</h2>
          <p>
            Telephone:{' '}
            <a href={`tel:${company.phone_e164}`} data-contact-phone="">
              {company.phone}
            </a>
          </p>
          <address className="contact-details__address">
            {[company.legal_name, ...company.address_lines, company.country].map((line, index, lines) => (
              <span key={line}>
                {line}
                {index < lines.length - 1 ? <br /> : null}
              </span>
            ))}
          </address>
        </section>
      }
    />
  );
}
