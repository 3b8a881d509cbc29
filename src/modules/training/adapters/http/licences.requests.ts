import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsOptional, IsString, MaxLength } from 'class-validator';
import { trim } from '../../../../platform/http/index.js';
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
