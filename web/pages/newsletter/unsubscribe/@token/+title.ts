import type { PageContext } from 'vike/types';
import { pageTitle } from '../../../../lib/title.js';

export default (pageContext: PageContext) => pageTitle(pageContext, 'Unsubscribe from the newsletter');
