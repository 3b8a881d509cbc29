import { EnquiryPage } from '../enquiry-pages.js';

/** `/joinus/partnership`: intro widget `joinus-partnership` and the enquiry form (type partnership). */
export default function Page() {
  return <EnquiryPage />;
}
