import { informationPageDescription } from '../../lib/information-pages.js';

export default informationPageDescription('privacy');
