import type { PageContext } from 'vike/types';
import { pageTitle } from '../../../lib/title.js';
import type { Data } from './+data.js';

export default (pageContext: PageContext<Data>) => pageTitle(pageContext, pageContext.data?.course.title ?? 'Course');
