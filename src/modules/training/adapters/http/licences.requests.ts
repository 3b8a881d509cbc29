import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { searchQuery, toInt, trim } from '../../../../platform/http/index.js';
import { LEARNER_NAME_MAX_LENGTH, MAX_INVITATIONS_PER_REQUEST } from '../../domain/licence-rules.js';

/**
 * Invitations: the addresses to invite, all or none. Each address is checked by the service (a bad one answers
 * 422 on `emails[i]`); a list longer than the cap is refused here.
 */
export class InviteLearnersRequest {
  @ApiProperty({ type: [String], example: ['sam@acme.co.uk', 'lee@acme.co.uk'], maxItems: MAX_INVITATIONS_PER_REQUEST })
  @IsArray({ message: 'emails must be a list of e-mail addresses.' })
  @ArrayMaxSize(MAX_INVITATIONS_PER_REQUEST, { message: `Invite at most ${MAX_INVITATIONS_PER_REQUEST} people at a time.` })
  @IsString({ each: true, message: 'Each e-mail address must be text.' })
  @MaxLength(320, { each: true, message: 'An e-mail address has at most 254 characters.' })
  emails!: string[];
}

/** Accepting an invitation: the learner's name for the certificate, needed only when their profile has none. */
export class AcceptInvitationRequest {
  @ApiPropertyOptional({ example: 'Sam Smith', maxLength: LEARNER_NAME_MAX_LENGTH })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'Enter your name as it should appear on your certificate.' })
  @MaxLength(LEARNER_NAME_MAX_LENGTH, { message: `Your name may have at most ${LEARNER_NAME_MAX_LENGTH} characters.` })
  name?: string;
}

/** The most learners `?learners=N` embeds in each licence of the list, and the most a page of learners holds. */
export const LEARNERS_MAX_PER_PAGE = 100;

/**
 * `GET /api/account/licences?learners=N` (ADR 0062): each licence with only its first N learners (0: none), and
 * `learner_count` for all of them. Without it every learner is embedded, as the contract says.
 */
export class LicenceListQuery {
  @ApiPropertyOptional({ minimum: 0, maximum: LEARNERS_MAX_PER_PAGE, description: 'Embed at most this many learners of each licence (oldest invitation first).' })
  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'learners must be a whole number.' })
  @Min(0, { message: 'learners must be at least 0.' })
  @Max(LEARNERS_MAX_PER_PAGE, { message: `learners may be at most ${LEARNERS_MAX_PER_PAGE}.` })
  learners?: number;
}

/** `GET /api/account/licences/{id}/learners?search=&page=&per_page=`: 50 a page by default, at most 100. */
export class LicenceLearnersQuery extends searchQuery('Part of the learner\'s e-mail address or name.', { default: 50, max: LEARNERS_MAX_PER_PAGE }) {}
