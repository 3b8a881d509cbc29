import { informationPageTitle } from '../../lib/information-pages.js';

export default informationPageTitle('riskassessments');
