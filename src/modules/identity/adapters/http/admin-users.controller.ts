import { Controller, Get, Query } from '@nestjs/common';
import { ApiForbiddenResponse, ApiOkResponse, ApiProperty, ApiPropertyOptional, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { UserAdministrationService } from '../../application/user-administration.service.js';
import { AdminOnly } from './access.js';

const toInt = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value));

export class UserListQuery {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100)
  search?: string;

  @ApiProperty({ default: 1 }) @Transform(toInt) @IsOptional() @IsInt({ message: 'page must be a whole number.' }) @Min(1) @Max(10_000, { message: 'page may be at most 10000.' })
  page: number = 1;

  @ApiProperty({ default: 25, maximum: 100 }) @Transform(toInt) @IsOptional()
  @IsInt({ message: 'per_page must be a whole number.' }) @Min(1) @Max(100, { message: 'per_page may be at most 100.' })
  per_page: number = 25;
}

@ApiTags('admin')
@ApiUnauthorizedResponse({ description: 'Not signed in.' })
@ApiForbiddenResponse({ description: 'Not an administrator.' })
@AdminOnly()
@Controller('api/admin/users')
export class AdminUsersController {
  constructor(private readonly administration: UserAdministrationService) {}

  @Get()
  @ApiOkResponse({ description: '`{data: [user], meta: {page, per_page, total, last_page}}`' })
  list(@Query() query: UserListQuery) {
    return this.administration.listUsers({ search: query.search, page: query.page, perPage: query.per_page });
  }
}
