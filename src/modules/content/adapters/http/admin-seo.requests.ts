import { searchQuery } from '../../../../platform/http/index.js';

/** `GET /api/admin/seo`: the entries, searched by path or title. (Entries themselves: application/seo-entry.input.ts.) */
export class SeoListQuery extends searchQuery('Part of the path or the title.') {}
