import { pageQuery } from '../../../../platform/http/index.js';

/** Paging of an admin list under a user (`?page=&per_page=`). */
export class AdminUserTabQuery extends pageQuery() {}
