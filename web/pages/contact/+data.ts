import type { PageContextServer } from 'vike/types';
import { loadEnquiryPage } from '../joinus/enquiry-pages.js';

export const data = (pageContext: PageContextServer) => loadEnquiryPage(pageContext, 'contact');
