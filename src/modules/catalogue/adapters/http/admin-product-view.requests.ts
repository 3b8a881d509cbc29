import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { toInt } from '../../../../platform/http/transforms.js';
import { IsInt, IsOptional, Max, Min } from 'class-validator';


/** Paging of an admin list under a user (`?page=&per_page=`). */
export class AdminUserTabQuery {
  @ApiProperty({ default: 1 }) @Transform(toInt) @IsOptional()
  @IsInt({ message: 'page must be a whole number.' }) @Min(1, { message: 'page must be at least 1.' }) @Max(10_000, { message: 'page may be at most 10000.' })
  page: number = 1;

  @ApiProperty({ default: 25, maximum: 100 }) @Transform(toInt) @IsOptional()
  @IsInt({ message: 'per_page must be a whole number.' }) @Min(1, { message: 'per_page must be at least 1.' }) @Max(100, { message: 'per_page may be at most 100.' })
  per_page: number = 25;
}
