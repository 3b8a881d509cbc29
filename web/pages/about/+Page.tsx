import { InformationPage } from '../../components/InformationPage.js';

/** `/about`: built from widgets (product.md). */
export default InformationPage;
