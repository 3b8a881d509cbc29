import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsInt, Max, Min, ValidateNested } from 'class-validator';
import { MAX_ID } from '../../../../shared/contracts/ids.js';

export class AttendanceEntryRequest {
  @ApiProperty({ description: 'A delegate id from the register (`places[].delegate.id`).', example: 41 })
  @IsInt({ message: 'delegate_id must be a delegate id.' }) @Min(1, { message: 'delegate_id must be a delegate id.' })
  @Max(MAX_ID, { message: 'delegate_id must be a delegate id.' })
  delegate_id!: number;

  @ApiProperty({ description: 'Whether the delegate attended; false after true revokes their certificate.', example: true })
  @IsBoolean({ message: 'attended must be true or false.' })
  attended!: boolean;
}

/** `PUT /api/admin/sessions/{id}/attendance`: the delegates whose attendance is saved (others are left as they are). */
export class AttendanceRequest {
  @ApiProperty({ type: [AttendanceEntryRequest] })
  @IsArray({ message: 'delegates must be a list of {delegate_id, attended}.' })
  @ArrayMaxSize(1000, { message: 'delegates may list at most 1000 delegates.' })
  @ValidateNested({ each: true }) @Type(() => AttendanceEntryRequest)
  delegates!: AttendanceEntryRequest[];
}
