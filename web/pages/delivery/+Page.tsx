import { InformationPage } from '../../components/InformationPage.js';

/** `/delivery`: built from widgets (product.md). */
export default InformationPage;
