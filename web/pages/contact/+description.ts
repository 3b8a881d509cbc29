import { enquiryPageDescription } from '../joinus/enquiry-pages.js';

export default enquiryPageDescription('contact');
