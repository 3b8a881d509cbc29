import { EnquiryPage } from '../enquiry-pages.js';

/** `/joinus/distribution`: intro widget `joinus-distribution` and the enquiry form (type distribution). */
export default function Page() {
  return <EnquiryPage />;
}
