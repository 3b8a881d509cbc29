import { Body, Controller, Delete, ForbiddenException, Get, HttpCode, Patch, Post, Req, Res } from '@nestjs/common';
import { ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Environment } from '../../../../config/environment.js';
import { setBasketXsrfCookie, xsrfHeaderMatchesGuest, IdParam } from '../../../../platform/http/index.js';
import type { Viewer } from '../../../../shared/viewer.js';
import { BasketService, type BasketVisitor } from '../../application/basket.service.js';
import type { BasketView } from '../../application/basket-view.js';
import { AddToBasketRequest, ChangeBasketItemRequest } from './basket.requests.js';
import { basketTokenOf, clearBasketCookie, newBasketToken, setBasketCookie } from './basket-cookie.js';

/**
 * The basket, for guests and customers (Buying API contract). Every answer is the whole basket. A guest's basket
 * is found by its cookie, which every answer renews; a customer's by their session, and the first request after
 * signing in moves the guest basket into it and drops the guest cookie.
 */
@ApiTags('basket')
@Controller('api/basket')
export class BasketController {
  constructor(
    private readonly baskets: BasketService,
    private readonly env: Environment,
  ) {}

  @Get()
  @ApiOkResponse({ description: '`{items, totals: {total, vat, grand_total, items, weight}, messages}`; empty when there is no basket.' })
  get(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<BasketView> {
    return this.baskets.get(this.visitor(request, reply, false));
  }

  @Post('items')
  @HttpCode(200)
  @ApiOkResponse({ description: 'The basket with the option added (new: first, qty 1; present: +1 up to its stock, with a message when capped).' })
  @ApiNotFoundResponse({ description: 'Unknown or inactive option.' })
  @ApiConflictResponse({ description: 'The option has no stock left.' })
  @ApiUnprocessableEntityResponse({ description: 'A typed `qty` the stock cannot supply (counting what the basket holds), or above the line maximum, or more places than a course session has left: `errors.qty` says why. `errors.session_id`: a course option without a session, or one of another option, past, cancelled or full.' })
  add(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply, @Body() body: AddToBasketRequest): Promise<BasketView> {
    return this.baskets.add(this.visitor(request, reply, true), body.option_id, body.qty, body.session_id);
  }

  @Patch('items/:id')
  @ApiOkResponse({ description: 'The basket after plus (up to the stock), minus (removed below 1) or a typed `qty` (exactly that many).' })
  @ApiUnprocessableEntityResponse({ description: 'A typed `qty` (or plus) the stock cannot supply, above the line maximum, or more places than a course session has left: `errors.qty` says why.' })
  @ApiNotFoundResponse({ description: 'No such item in this basket.' })
  change(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @IdParam() id: number,
    @Body() body: ChangeBasketItemRequest,
  ): Promise<BasketView> {
    const visitor = this.visitor(request, reply, false);
    if (body.qty !== undefined) return this.baskets.setQuantity(visitor, id, body.qty);
    return body.action === 'plus' ? this.baskets.plus(visitor, id) : this.baskets.minus(visitor, id);
  }

  @Delete('items/:id')
  @ApiOkResponse({ description: 'The basket without the item.' })
  @ApiNotFoundResponse({ description: 'No such item in this basket.' })
  remove(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply, @IdParam() id: number): Promise<BasketView> {
    return this.baskets.remove(this.visitor(request, reply, false), id);
  }

  @Delete()
  @ApiOkResponse({ description: 'The empty basket.' })
  clear(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<BasketView> {
    return this.baskets.clear(this.visitor(request, reply, false));
  }

  /**
   * Who owns the basket this request works on, and the cookie the answer carries: a guest's is renewed (or issued
   * when `create`), a signed-in customer's leftover guest cookie is dropped once its basket has been merged.
   */
  private visitor(request: FastifyRequest, reply: FastifyReply, create: boolean): BasketVisitor {
    const viewer = (request as FastifyRequest & { viewer?: Viewer | null }).viewer ?? null;
    let guestToken = basketTokenOf(request.cookies);
    // The session guard checks XSRF for signed-in cookie users; a guest's basket cookie is a credential too, and
    // the guest's token is bound to it (issue 25).
    if (!viewer && request.method !== 'GET' && !xsrfHeaderMatchesGuest(request, guestToken)) {
      throw new ForbiddenException('The XSRF token is missing or does not match.');
    }
    const secure = this.env.publicUrl.startsWith('https://');
    if (viewer) {
      if (guestToken) clearBasketCookie(reply, secure);
      return { userId: viewer.userId, guestToken };
    }
    if (!guestToken && create) {
      guestToken = newBasketToken();
      // From now on only this basket's token will do; the page's scripts read the cookie afresh for each call.
      setBasketXsrfCookie(reply, guestToken, secure);
    }
    if (guestToken) setBasketCookie(reply, guestToken, secure);
    return { userId: null, guestToken };
  }
}
