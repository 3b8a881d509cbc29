import type { PageContextServer } from 'vike/types';
import { loadEnquiryPage } from '../enquiry-pages.js';

export const data = (pageContext: PageContextServer) => loadEnquiryPage(pageContext, 'recruitment');
