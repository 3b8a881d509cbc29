import { searchQuery } from '../../../../platform/http/list-query.js';

/** `GET /api/admin/users`: searched by e-mail, name or company, newest first. */
export class UserListQuery extends searchQuery('Part of the e-mail address, name or company.') {}
