import { Module } from '@nestjs/common';
import { dashboardFeature } from './dashboard.feature.js';
import { moduleOf } from '../../platform/feature-slice.js';

export const reportingFeatures = [dashboardFeature];

@Module(moduleOf(reportingFeatures))
export class ReportingModule {}
