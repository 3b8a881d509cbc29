import { Module } from '@nestjs/common';
import { moduleOf, type FeatureSlice } from '../../platform/feature-slice.js';
import { licencesFeature } from './licences.feature.js';
import { sessionsFeature } from './sessions.feature.js';
import { sessionChangesFeature } from './session-changes.feature.js';
import { delegatesFeature } from './delegates.feature.js';
import { certificatesFeature } from './certificates.feature.js';
import { coursesFeature } from './courses.feature.js';
import { learningFeature } from './learning.feature.js';
import { recordsFeature } from './records.feature.js';
import { remindersFeature } from './reminders.feature.js';
import { registerFeature } from './register.feature.js';

/**
 * The training module's slices (issue 26, product.md "Training module"): licences and learners, course content,
 * learning (player, watched time, assessment), certificates, refresher reminders. Each arrives as a `*.feature.ts` slice listed here.
 */
export const trainingFeatures: FeatureSlice[] = [
  licencesFeature, coursesFeature, certificatesFeature, learningFeature, recordsFeature, sessionsFeature, remindersFeature, sessionChangesFeature,
  delegatesFeature, registerFeature,
];

@Module(moduleOf(trainingFeatures))
export class TrainingModule {}
