import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags, ApiUnauthorizedResponse, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { Viewer } from '../../../../shared/viewer.js';
import { IdParam } from '../../../../platform/http/index.js';
import { Authenticated, CurrentViewer } from '../../../identity/index.js';
import { PlaceChoiceService } from '../../application/sessions/place-choice.service.js';
import type { PlaceChosenView } from '../../application/sessions/place-choice-views.js';
import { TransferPlaceRequest } from './session-changes.requests.js';

/** The buyer's choice for a place on a cancelled or moved session: docs/api/training-sessions.md (ADR 0050). */
@ApiTags('orders')
@ApiUnauthorizedResponse({ description: 'Not signed in.' })
@ApiNotFoundResponse({ description: 'No such order or place of this customer (another customer\'s too).' })
@ApiConflictResponse({ description: 'The place has nothing to choose (its session was not changed, or the choice was made).' })
@Authenticated()
@Controller('api/orders')
export class OrderPlacesController {
  constructor(private readonly choices: PlaceChoiceService) {}

  @Post(':id/places/:placeId/transfer')
  @HttpCode(200)
  @ApiOkResponse({ description: '`{place_id, resolution: "transferred", session}`: the place and its delegates are on the new date.' })
  @ApiUnprocessableEntityResponse({ description: '`session_id` is not an upcoming date of the same course option.' })
  transfer(@CurrentViewer() viewer: Viewer, @IdParam() id: number, @IdParam('placeId') placeId: number, @Body() body: TransferPlaceRequest): Promise<PlaceChosenView> {
    return this.choices.transfer(viewer.userId, id, placeId, body.session_id);
  }

  @Post(':id/places/:placeId/refund')
  @HttpCode(200)
  @ApiOkResponse({ description: '`{place_id, resolution: "refunded", credit_note_number}`: the line is credited and its places given back.' })
  refund(@CurrentViewer() viewer: Viewer, @IdParam() id: number, @IdParam('placeId') placeId: number): Promise<PlaceChosenView> {
    return this.choices.refund(viewer.userId, id, placeId);
  }
}
