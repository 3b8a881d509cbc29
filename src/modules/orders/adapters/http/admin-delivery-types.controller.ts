import { Body, Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Post, Put } from '@nestjs/common';
import {
  ApiCreatedResponse, ApiForbiddenResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags, ApiUnauthorizedResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { AdminOnly } from '../../../identity/index.js';
import { DeliveryTypeService, type DeliveryTypeView } from '../../application/delivery-type.service.js';
import { CreateDeliveryTypeRequest, UpdateDeliveryTypeRequest } from './delivery-type.requests.js';

const ID = new ParseIntPipe({ errorHttpStatusCode: 404 });

@ApiTags('admin: orders')
@ApiUnauthorizedResponse({ description: 'Not signed in.' })
@ApiForbiddenResponse({ description: 'Not an administrator.' })
@AdminOnly()
@Controller('api/admin/delivery-types')
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
  show(@Param('id', ID) id: number): Promise<DeliveryTypeView> {
    return this.deliveryTypes.get(id);
  }

  @Put(':id')
  @ApiOkResponse({ description: 'The delivery type; fields left out keep their value.' })
  @ApiUnprocessableEntityResponse({ description: 'Field errors.' })
  update(@Param('id', ID) id: number, @Body() body: UpdateDeliveryTypeRequest): Promise<DeliveryTypeView> {
    return this.deliveryTypes.update(id, {
      name: body.name, price: body.price, minWeight: body.min_weight, maxWeight: body.max_weight,
      active: body.active, sortOrder: body.sort_order,
    });
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted; placed orders keep their own copy of the delivery.' })
  async remove(@Param('id', ID) id: number): Promise<void> {
    await this.deliveryTypes.delete(id);
  }
}
