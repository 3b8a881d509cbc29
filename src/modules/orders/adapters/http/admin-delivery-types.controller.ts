import { Body, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { AdminController } from '../../../identity/index.js';
import { DeliveryTypeService, type DeliveryTypeView } from '../../application/delivery-type.service.js';
import { CreateDeliveryTypeRequest, UpdateDeliveryTypeRequest } from './delivery-type.requests.js';
import { IdParam } from '../../../../platform/http/index.js';

@AdminController('api/admin/delivery-types', 'orders')
export class AdminDeliveryTypesController {
  constructor(private readonly deliveryTypes: DeliveryTypeService) {}

  @Get()
  @ApiOkResponse({ description: 'Every delivery type, in sort order (inactive ones too).' })
  list(): Promise<DeliveryTypeView[]> {
    return this.deliveryTypes.list();
  }

  @Post()
  @ApiCreatedResponse({ description: 'The delivery type.' })
  @ApiUnprocessableEntityResponse({ description: 'Field errors (empty name, negative price, max_weight below min_weight, name in use).' })
  create(@Body() body: CreateDeliveryTypeRequest): Promise<DeliveryTypeView> {
    return this.deliveryTypes.create({
      name: body.name, price: body.price, minWeight: body.min_weight ?? 0, maxWeight: body.max_weight ?? null,
      active: body.active ?? true, sortOrder: body.sort_order ?? 0,
    });
  }

  @Get(':id')
  @ApiNotFoundResponse({ description: 'No delivery type has that id.' })
  show(@IdParam() id: number): Promise<DeliveryTypeView> {
    return this.deliveryTypes.get(id);
  }

  @Put(':id')
  @ApiOkResponse({ description: 'The delivery type; fields left out keep their value.' })
  @ApiUnprocessableEntityResponse({ description: 'Field errors.' })
  update(@IdParam() id: number, @Body() body: UpdateDeliveryTypeRequest): Promise<DeliveryTypeView> {
    return this.deliveryTypes.update(id, {
      name: body.name, price: body.price, minWeight: body.min_weight, maxWeight: body.max_weight,
      active: body.active, sortOrder: body.sort_order,
    });
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted; placed orders keep their own copy of the delivery.' })
  async remove(@IdParam() id: number): Promise<void> {
    await this.deliveryTypes.delete(id);
  }
}
