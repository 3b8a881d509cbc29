import { searchQuery } from '../../../../platform/http/list-query.js';

/** `GET /api/admin/seo`: the entries, searched by path or title. (Entries themselves: application/seo-entry.input.ts.) */
export class SeoListQuery extends searchQuery('Part of the path or the title.') {}
