import { Body, Controller, Delete, HttpCode, Param, ParseIntPipe, Post, Put, UseInterceptors } from '@nestjs/common';
import { ForgetCachedLists } from './forget-cached-lists.interceptor.js';
import {
  ApiCreatedResponse, ApiForbiddenResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags,
  ApiUnauthorizedResponse, ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { AdminOnly } from '../../../identity/index.js';
import { ProductOptionAdminService } from '../../application/admin/product-option-admin.service.js';
import type { AdminOptionView } from '../../application/admin/admin-views.js';
import { CreateOptionRequest, UpdateOptionRequest } from './admin-option.requests.js';

const ID = new ParseIntPipe({ errorHttpStatusCode: 404 });

const toInput = (body: UpdateOptionRequest) => ({
  name: body.name, code: body.code, price: body.price, weight: body.weight, qty: body.qty, kind: body.kind, fileId: body.file_id,
  active: body.active, sortOrder: body.sort_order,
});

/** A product's options; each change also updates the product's price_from, in the same transaction. */
@ApiTags('admin: catalogue')
@ApiUnauthorizedResponse({ description: 'Not signed in.' })
@ApiForbiddenResponse({ description: 'Not an administrator.' })
@AdminOnly()
@UseInterceptors(ForgetCachedLists) // product pages are cached: an option or media change shows at once
@Controller('api/admin/products/:id/options')
export class AdminProductOptionsController {
  constructor(private readonly options: ProductOptionAdminService) {}

  @Post()
  @ApiCreatedResponse({ description: 'The option.' })
  @ApiNotFoundResponse({ description: 'No product has that id.' })
  @ApiUnprocessableEntityResponse({ description: 'Field errors (`errors.code` in use; `errors.file_id` not a file of this product, or missing for a download).' })
  create(@Param('id', ID) productId: number, @Body() body: CreateOptionRequest): Promise<AdminOptionView> {
    const { name, code, price, kind, ...rest } = toInput(body);
    return this.options.add(productId, { ...rest, name: name!, code: code!, price: price!, kind: kind! });
  }

  @Put(':optionId')
  @ApiOkResponse({ description: 'The option; fields left out keep their value.' })
  @ApiNotFoundResponse({ description: 'No option of this product has that id.' })
  @ApiUnprocessableEntityResponse({ description: 'Field errors.' })
  update(@Param('id', ID) productId: number, @Param('optionId', ID) optionId: number, @Body() body: UpdateOptionRequest): Promise<AdminOptionView> {
    return this.options.update(productId, optionId, toInput(body));
  }

  @Delete(':optionId')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted.' })
  async remove(@Param('id', ID) productId: number, @Param('optionId', ID) optionId: number): Promise<void> {
    await this.options.remove(productId, optionId);
  }
}
