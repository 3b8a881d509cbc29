import { EnquiryPage } from '../enquiry-pages.js';

/** `/joinus/recruitment`: intro widget `joinus-recruitment` and the enquiry form (type recruitment). */
export default function Page() {
  return <EnquiryPage />;
}
