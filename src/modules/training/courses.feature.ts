import type { FeatureSlice } from '../../platform/feature-slice.js';
import { CatalogueModule } from '../catalogue/index.js';
import { AdminCourseController } from './adapters/http/admin-course.controller.js';
import { SqlCourseStore } from './adapters/persistence/sql-course.store.js';
import { CourseAdminService } from './application/course-admin.service.js';
import { CourseService } from './application/course.service.js';
import { DemoCourseSeeder } from './application/demo/demo-course.seeder.js';
import { COURSE_STORE } from './application/ports/course-store.port.js';

/**
 * Course content per product (issue 26): staff edit the film, chapters, questions, pass mark and validity; the learner
 * slice reads a course and streams its film through CourseService. Plain SQL rows, no entities.
 */
export const coursesFeature: FeatureSlice = {
  imports: [CatalogueModule], // ProductAdminService (title, accreditation, option kinds); CatalogueSeeder (the demo products)
  controllers: [AdminCourseController],
  providers: [CourseAdminService, CourseService, DemoCourseSeeder, { provide: COURSE_STORE, useClass: SqlCourseStore }],
  exports: [CourseService, DemoCourseSeeder],
  entities: [],
};
