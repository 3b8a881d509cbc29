import type { PageContext } from 'vike/types';
import { pageTitle } from '../../lib/title.js';

export default (pageContext: PageContext) => pageTitle(pageContext, 'My courses');
