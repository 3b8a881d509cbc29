import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiNotFoundResponse, ApiOkResponse, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { BrandView, CategoryView, OptionView } from '../../application/catalogue-views.js';
import { CategoryBrowseService } from '../../application/category-browse.service.js';
import { ProductBrowseService } from '../../application/product-browse.service.js';
import { IdParam, replyJsonOnce } from '../../../../platform/http/index.js';
import { ProductListRequest } from './catalogue.requests.js';

/** The public catalogue: what any visitor may read. Drafts and inactive options answer 404. */
@ApiTags('catalogue')
@Controller('api')
export class CatalogueController {
  constructor(
    private readonly categoryBrowse: CategoryBrowseService,
    private readonly productBrowse: ProductBrowseService,
  ) {}

  @Get('categories')
  @ApiOkResponse({ description: '`[{id, slug, name, description, product_count}]` in the shop\'s order.' })
  categories(): Promise<CategoryView[]> {
    return this.categoryBrowse.listCategories();
  }

  @Get('categories/:slugOrId')
  @ApiNotFoundResponse({ description: 'No category has that slug or id.' })
  category(@Param('slugOrId') slugOrId: string): Promise<CategoryView> {
    return this.categoryBrowse.getCategory(slugOrId);
  }

  @Get('brands')
  @ApiOkResponse({ description: '`[{id, name, logo_url, website}]`' })
  brands(): Promise<BrandView[]> {
    return this.categoryBrowse.listBrands();
  }

  @Get('products')
  @ApiOkResponse({ description: '`{data: [card], meta: {page, per_page, total, last_page, sort, search}, facets: {categories, brands, kinds}}`' })
  @ApiUnprocessableEntityResponse({ description: 'Unknown sort or kind, bad paging (per_page ≤ 100), unknown category.' })
  async products(@Query() query: ProductListRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    const result = await this.productBrowse.listProducts({
      search: query.search, category: query.category, brand: query.brand, kind: query.kind, sort: query.sort,
      page: query.page, perPage: query.per_page,
    });
    return replyJsonOnce(reply, result);
  }

  @Get('products/:slugOrId')
  @ApiNotFoundResponse({ description: 'No published product has that slug or id.' })
  async product(@Param('slugOrId') slugOrId: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    return replyJsonOnce(reply, await this.productBrowse.getProduct(slugOrId));
  }

  @Get('options/:id')
  @ApiOkResponse({ description: '`{id, product_id, name, code, price, price_inc_vat, weight, qty, kind, in_stock}` — pence, grams; qty null = unlimited.' })
  @ApiNotFoundResponse({ description: 'No active option of a published product has that id.' })
  option(@IdParam() id: number): Promise<OptionView> {
    return this.productBrowse.getOption(id);
  }
}
