import { enquiryPageDescription } from '../enquiry-pages.js';

export default enquiryPageDescription('recruitment');
