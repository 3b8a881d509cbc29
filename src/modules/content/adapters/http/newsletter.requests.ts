import { ApiProperty, PickType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsString, MaxLength } from 'class-validator';
import { searchQuery } from '../../../../platform/http/index.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const EMAIL = { message: 'Enter a valid e-mail address.' };

export class NewsletterSubscribeRequest {
  @ApiProperty({ example: 'jo.bloggs@acme-training.co.uk' }) @Transform(trim) @IsEmail({}, EMAIL) @MaxLength(254, EMAIL)
  email!: string;
}

export class NewsletterUnsubscribeRequest {
  @ApiProperty({ description: 'The token from the unsubscribe link.' }) @IsString({ message: 'The token is missing.' }) @MaxLength(200)
  token!: string;
}

/** `GET /api/admin/newsletter-subscribers`: searched by part of the address, newest sign-up first. */
export class NewsletterSubscriberListQuery extends searchQuery('Part of the e-mail address.') {}

/** `GET /api/admin/newsletter-subscribers.csv`: the list's `search`, no paging (the file holds every match). */
export class NewsletterSubscriberCsvQuery extends PickType(NewsletterSubscriberListQuery, ['search'] as const) {}
