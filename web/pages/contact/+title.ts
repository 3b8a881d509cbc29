import { enquiryPageTitle } from '../joinus/enquiry-pages.js';

export default enquiryPageTitle('contact');
