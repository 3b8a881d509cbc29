import type { PageContextServer } from 'vike/types';
import { loadInformationPage } from '../../lib/information-pages.js';

export const data = (pageContext: PageContextServer) => loadInformationPage(pageContext, 'about');
