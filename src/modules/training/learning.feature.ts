import type { FeatureSlice } from '../../platform/feature-slice.js';
import { LearningController } from './adapters/http/learning.controller.js';
import { SqlLearningStore } from './adapters/persistence/sql-learning.store.js';
import { AssessmentService } from './application/assessment.service.js';
import { LearningService } from './application/learning.service.js';
import { LEARNING_STORE } from './application/ports/learning-store.port.js';

/**
 * The learner (issue 26, ADR 0047): the player and its film, watched time credited by the wall clock, the assessment
 * and the certificate on passing. Reads courses through CourseService and issues through CertificateService (same
 * module); plain SQL on the licences slice's enrolments, no entities.
 */
export const learningFeature: FeatureSlice = {
  controllers: [LearningController],
  providers: [LearningService, AssessmentService, { provide: LEARNING_STORE, useClass: SqlLearningStore }],
  exports: [LearningService],
  entities: [],
};
