import { Body, Get, Put } from '@nestjs/common';
import { ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { IdParam } from '../../../../platform/http/index.js';
import type { Viewer } from '../../../../shared/viewer.js';
import { AdminController, CurrentViewer } from '../../../identity/index.js';
import { RegisterService } from '../../application/register/register.service.js';
import type { SessionRegisterView } from '../../application/register/register-views.js';
import { AttendanceRequest } from './admin-register.requests.js';

/** A session's register and attendance: docs/api/training-sessions.md "Register" (ADR 0049); the Sessions screen's area. */
@AdminController('api/admin/sessions', 'catalogue')
export class AdminRegisterController {
  constructor(private readonly register: RegisterService) {}

  @Get(':id/register')
  @ApiOkResponse({ description: '`{session, attendance_open, attendance_note, places: [{order_number, buyer, seat_no, delegate, attended, certificate_code, …}]}`.' })
  @ApiNotFoundResponse({ description: 'No session has that id.' })
  show(@IdParam() id: number): Promise<SessionRegisterView> {
    return this.register.view(id);
  }

  @Put(':id/attendance')
  @ApiOkResponse({ description: 'The register after the save; newly attended delegates have a certificate code and are e-mailed.' })
  @ApiConflictResponse({ description: 'The session has not started yet, or is cancelled.' })
  @ApiUnprocessableEntityResponse({ description: '`errors["delegates.{i}.delegate_id"]`: not a delegate on this session\'s register, or listed twice.' })
  @ApiNotFoundResponse({ description: 'No session has that id.' })
  attendance(@IdParam() id: number, @Body() body: AttendanceRequest, @CurrentViewer() viewer: Viewer): Promise<SessionRegisterView> {
    const entries = body.delegates.map((entry) => ({ delegateId: entry.delegate_id, attended: entry.attended }));
    return this.register.markAttendance(id, entries, { id: viewer.userId, name: `${viewer.firstName} ${viewer.lastName}`.trim() || viewer.email });
  }
}
