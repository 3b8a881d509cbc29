import { NotFoundException, Param, ParseIntPipe, type PipeTransform } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { blankToUndefined, toInt } from './transforms.js';
import { isId } from '../../shared/contracts/ids.js';

/**
 * The query strings every list endpoint shares, written once: `page`/`per_page`, then `search`, then `sort`
 * (`?search=&sort=-created_at&page=2&per_page=50`). Each factory returns a class to extend or use as it is, so
 * a request adds only its own filters. The messages name the field, as everywhere in the API.
 */

export interface PerPage {
  /** Rows a page when the query does not say. */
  default: number;
  /** The most a caller may ask for. */
  max: number;
}

/** What admin lists allow: 25 a page by default, at most 100. */
export const ADMIN_PER_PAGE: PerPage = Object.freeze({ default: 25, max: 100 });
/**
 * The furthest page a list serves by default: an OFFSET walks every row before it. A list that reads its older
 * half from the far end (the admin orders, ADR 0054) passes a larger one, so its last page is reachable.
 */
const MAX_PAGE = 10_000;

export interface PageQueryFields {
  page: number;
  per_page: number;
}

export interface SearchQueryFields extends PageQueryFields {
  search?: string;
}

export interface ListQueryFields<S extends string> extends SearchQueryFields {
  sort: S;
}

type QueryClass<T> = new () => T;

/** `?page=&per_page=`. */
export function pageQuery(perPage: PerPage = ADMIN_PER_PAGE, maxPage = MAX_PAGE): QueryClass<PageQueryFields> {
  class PageQuery {
    @ApiProperty({ default: 1, maximum: maxPage }) @Transform(toInt) @IsOptional()
    @IsInt({ message: 'page must be a whole number.' }) @Min(1, { message: 'page must be at least 1.' })
    @Max(maxPage, { message: `page may be at most ${maxPage}.` })
    page: number = 1;

    @ApiProperty({ default: perPage.default, maximum: perPage.max }) @Transform(toInt) @IsOptional()
    @IsInt({ message: 'per_page must be a whole number.' }) @Min(1, { message: 'per_page must be at least 1.' })
    @Max(perPage.max, { message: `per_page may be at most ${perPage.max}.` })
    per_page: number = perPage.default;
  }
  return PageQuery;
}

/** `?search=&page=&per_page=`; `description` says what the search matches (shown in the API docs). */
export function searchQuery(description: string, perPage: PerPage = ADMIN_PER_PAGE, maxPage = MAX_PAGE): QueryClass<SearchQueryFields> {
  class SearchQuery extends pageQuery(perPage, maxPage) {
    @ApiPropertyOptional({ description, maxLength: 200 })
    @Transform(blankToUndefined) @IsOptional()
    @IsString({ message: 'search must be text.' }) @MaxLength(200, { message: 'search may be at most 200 characters.' })
    search?: string;
  }
  return SearchQuery;
}

/** `?search=&sort=&page=&per_page=`; `sorts[0]` is the default sort, a leading "-" sorts descending. */
export function listQuery<S extends string>(sorts: readonly S[], description: string, perPage: PerPage = ADMIN_PER_PAGE): QueryClass<ListQueryFields<S>> {
  class ListQuery extends searchQuery(description, perPage) {
    @ApiPropertyOptional({ enum: sorts, default: sorts[0], description: 'A leading "-" sorts descending.' })
    @Transform(blankToUndefined) @IsOptional()
    @IsIn(sorts, { message: `sort must be one of ${sorts.join(', ')}.` })
    sort: S = sorts[0]!;
  }
  return ListQuery;
}

/**
 * An id past `integer` names nothing. It must not reach the database either: as a prepared statement's parameter
 * (ADR 0074) PostgreSQL refuses it ("out of range for type integer"), which answered 500 (the write-endpoint fuzzer
 * found `POST /api/learn/2147483648/progress`).
 */
export class IdRangePipe implements PipeTransform<number, number> {
  transform(id: number): number {
    if (!isId(id)) throw new NotFoundException();
    return id;
  }
}

/** A numeric id in the path; anything else (`/x`, `/1.5`, `/0`, `/2147483648`) is a 404, like an id that does not exist. */
export const IdParam = (name = 'id') => Param(name, new ParseIntPipe({ errorHttpStatusCode: 404 }), new IdRangePipe());
