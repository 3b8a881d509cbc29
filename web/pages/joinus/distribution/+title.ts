import { enquiryPageTitle } from '../enquiry-pages.js';

export default enquiryPageTitle('distribution');
