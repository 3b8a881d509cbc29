import { InformationPage } from '../../components/InformationPage.js';

/** `/privacy`: built from widgets (product.md). */
export default InformationPage;
