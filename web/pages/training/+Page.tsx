import { InformationPage } from '../../components/InformationPage.js';

/** `/training`: built from widgets (product.md). */
export default InformationPage;
