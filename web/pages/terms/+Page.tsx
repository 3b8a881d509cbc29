import { InformationPage } from '../../components/InformationPage.js';

/** `/terms`: built from widgets (product.md). */
export default InformationPage;
