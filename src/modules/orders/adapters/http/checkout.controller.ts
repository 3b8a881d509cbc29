import { Body, Controller, Get, Post, Req } from '@nestjs/common';
import {
  ApiConflictResponse, ApiCreatedResponse, ApiOkResponse, ApiTags, ApiUnauthorizedResponse, ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { Viewer } from '../../../../shared/viewer.js';
import { basketTokenOf } from '../../../basket/index.js';
import { Authenticated, CurrentViewer } from '../../../identity/index.js';
import { CheckoutService, type CheckoutView, type PlacedOrder } from '../../application/checkout.service.js';
import type { OrderAddress } from '../../domain/order.entity.js';
import { CheckoutRequest, type CheckoutAddressRequest } from './checkout.requests.js';

@ApiTags('checkout')
@ApiUnauthorizedResponse({ description: 'Not signed in.' })
@Authenticated()
@Controller('api/checkout')
export class CheckoutController {
  constructor(private readonly checkout: CheckoutService) {}

  @Get()
  @ApiOkResponse({ description: '`{basket, requires_delivery, weight, delivery_types, billing_address, delivery_address, payment_methods}`.' })
  describe(@CurrentViewer() viewer: Viewer, @Req() request: FastifyRequest): Promise<CheckoutView> {
    // A guest basket of this browser not yet merged (no basket request since sign-in) is merged now.
    return this.checkout.describe(viewer.userId, basketTokenOf(request.cookies));
  }

  @Post()
  @ApiCreatedResponse({ description: '`{order, payment_url}`: the order awaits payment at payment_url; the basket is empty.' })
  @ApiUnprocessableEntityResponse({ description: 'Empty basket, terms not accepted, bad address, missing or unfitting delivery type.' })
  @ApiConflictResponse({ description: 'A line ran out of stock or is no longer for sale (the message names it).' })
  place(@CurrentViewer() viewer: Viewer, @Req() request: FastifyRequest, @Body() body: CheckoutRequest): Promise<PlacedOrder> {
    return this.checkout.placeOrder(viewer.userId, basketTokenOf(request.cookies), {
      billingAddress: toAddress(body.billing_address),
      deliveryAddress: body.delivery_address ? toAddress(body.delivery_address) : null,
      deliveryTypeId: body.delivery_type_id ?? null,
      poNumber: body.po_number ?? null,
      notes: body.notes ?? null,
      acceptTerms: body.accept_terms,
      paymentMethod: body.payment_method ?? 'card',
    });
  }
}

function toAddress(address: CheckoutAddressRequest): OrderAddress {
  return {
    name: address.name, company: address.company ?? null, line1: address.line1, line2: address.line2 ?? null, town: address.town,
    county: address.county ?? null, postcode: address.postcode, country: address.country,
  };
}
