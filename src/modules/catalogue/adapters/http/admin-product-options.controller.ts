import { Body, Delete, HttpCode, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { AdminController } from '../../../identity/index.js';
import { ProductOptionAdminService } from '../../application/admin/product-option-admin.service.js';
import type { AdminOptionView } from '../../application/admin/admin-views.js';
import { CreateOptionRequest, UpdateOptionRequest } from './admin-option.requests.js';
import { IdParam } from '../../../../platform/http/index.js';

const toInput = (body: UpdateOptionRequest) => ({
  name: body.name, code: body.code, price: body.price, weight: body.weight, qty: body.qty, kind: body.kind, seats: body.seats, fileId: body.file_id,
  active: body.active, sortOrder: body.sort_order,
});

/** A product's options; each change also updates the product's price_from, in the same transaction. */
@AdminController('api/admin/products/:id/options', 'catalogue')
export class AdminProductOptionsController {
  constructor(private readonly options: ProductOptionAdminService) {}

  @Post()
  @ApiCreatedResponse({ description: 'The option.' })
  @ApiNotFoundResponse({ description: 'No product has that id.' })
  @ApiUnprocessableEntityResponse({ description: 'Field errors (`errors.code` in use; `errors.file_id` not a file of this product, or missing for a download; `errors.seats` missing for online access).' })
  create(@IdParam() productId: number, @Body() body: CreateOptionRequest): Promise<AdminOptionView> {
    const { name, code, price, kind, ...rest } = toInput(body);
    return this.options.add(productId, { ...rest, name: name!, code: code!, price: price!, kind: kind! });
  }

  @Put(':optionId')
  @ApiOkResponse({ description: 'The option; fields left out keep their value.' })
  @ApiNotFoundResponse({ description: 'No option of this product has that id.' })
  @ApiUnprocessableEntityResponse({ description: 'Field errors.' })
  update(@IdParam() productId: number, @IdParam('optionId') optionId: number, @Body() body: UpdateOptionRequest): Promise<AdminOptionView> {
    return this.options.update(productId, optionId, toInput(body));
  }

  @Delete(':optionId')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted.' })
  async remove(@IdParam() productId: number, @IdParam('optionId') optionId: number): Promise<void> {
    await this.options.remove(productId, optionId);
  }
}
