import { InformationPage } from '../../components/InformationPage.js';

/** `/riskassessments`: built from widgets (product.md). */
export default InformationPage;
