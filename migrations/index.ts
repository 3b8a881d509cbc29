import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122000100CreateWidgets } from './Migration20261122000100CreateWidgets.js';
import { Migration20261122000200CreateIdentity } from './Migration20261122000200CreateIdentity.js';
import { Migration20261122000250CreateRateLimits } from './Migration20261122000250CreateRateLimits.js';
import { Migration20261122000300CreateJobs } from './Migration20261122000300CreateJobs.js';
import { Migration20261122000400CreateNewsletter } from './Migration20261122000400CreateNewsletter.js';
import { Migration20261122000500CreateBlog } from './Migration20261122000500CreateBlog.js';
import { Migration20261122000600CreateSeoEntries } from './Migration20261122000600CreateSeoEntries.js';
import { Migration20261122000700CreateEnquiries } from './Migration20261122000700CreateEnquiries.js';
import { Migration20261122000800CreateCatalogue } from './Migration20261122000800CreateCatalogue.js';
import { Migration20261122000840CreateSearchWords } from './Migration20261122000840CreateSearchWords.js';
import { Migration20261123000100CreateProductSearch } from './Migration20261123000100CreateProductSearch.js';
import { Migration20261124000100CreateStockReservations } from './Migration20261124000100CreateStockReservations.js';
import { Migration20261124000200CreateBaskets } from './Migration20261124000200CreateBaskets.js';
import { Migration20261124000300CreateDeliveryTypes } from './Migration20261124000300CreateDeliveryTypes.js';
import { Migration20261124000400CreateOrders } from './Migration20261124000400CreateOrders.js';
import { Migration20261125000100CreateInvoiceNumbers } from './Migration20261125000100CreateInvoiceNumbers.js';
import { Migration20261125000200PayOnAccount } from './Migration20261125000200PayOnAccount.js';
import { Migration20261125000300AdminPortalIndexes } from './Migration20261125000300AdminPortalIndexes.js';
import { Migration20261126000100BlogCoverUploads } from './Migration20261126000100BlogCoverUploads.js';
import { Migration20261127000200EmailVerification } from './Migration20261127000200EmailVerification.js';
import { Migration20261128000050OptionSeats } from './Migration20261128000050OptionSeats.js';
import { Migration20261128000100CreateTrainingLicences } from './Migration20261128000100CreateTrainingLicences.js';
import { Migration20261128000200TrainingCourses } from './Migration20261128000200TrainingCourses.js';
import { Migration20261128000300AfterSale } from './Migration20261128000300AfterSale.js';
import { Migration20261128000500StaffRoles } from './Migration20261128000500StaffRoles.js';
import { Migration20261128000600PartialRefunds } from './Migration20261128000600PartialRefunds.js';
import { Migration20261128000700CourseSessions } from './Migration20261128000700CourseSessions.js';
import { Migration20261128000800TrainingAttemptAnswers } from './Migration20261128000800TrainingAttemptAnswers.js';
import { Migration20261128000900CourseDelegates } from './Migration20261128000900CourseDelegates.js';
import { Migration20261128001100CourseRegisters } from './Migration20261128001100CourseRegisters.js';
import { Migration20261128001200SessionChanges } from './Migration20261128001200SessionChanges.js';
import { Migration20261128001300CourseWaitingList } from './Migration20261128001300CourseWaitingList.js';
import { Migration20261128001400RefresherReminders } from './Migration20261128001400RefresherReminders.js';
import { Migration20261128001600UncachedCatalogueReads } from './Migration20261128001600UncachedCatalogueReads.js';
import { Migration20261128001700OrderHistoryIndexes } from './Migration20261128001700OrderHistoryIndexes.js';

/**
 * Every migration, in order. Listed by hand rather than discovered from the folder so the same list
 * runs from TypeScript (tests) and from the build (make start), with no file globbing at run time.
 */
export const migrations: MigrationObject[] = [
  { name: 'Migration20261122000100CreateWidgets', class: Migration20261122000100CreateWidgets },
  { name: 'Migration20261122000200CreateIdentity', class: Migration20261122000200CreateIdentity },
  { name: 'Migration20261122000250CreateRateLimits', class: Migration20261122000250CreateRateLimits },
  { name: 'Migration20261122000300CreateJobs', class: Migration20261122000300CreateJobs },
  { name: 'Migration20261122000400CreateNewsletter', class: Migration20261122000400CreateNewsletter },
  { name: 'Migration20261122000500CreateBlog', class: Migration20261122000500CreateBlog },
  { name: 'Migration20261122000600CreateSeoEntries', class: Migration20261122000600CreateSeoEntries },
  { name: 'Migration20261122000700CreateEnquiries', class: Migration20261122000700CreateEnquiries },
  { name: 'Migration20261122000800CreateCatalogue', class: Migration20261122000800CreateCatalogue },
  { name: 'Migration20261122000840CreateSearchWords', class: Migration20261122000840CreateSearchWords },
  { name: 'Migration20261123000100CreateProductSearch', class: Migration20261123000100CreateProductSearch },
  { name: 'Migration20261124000100CreateStockReservations', class: Migration20261124000100CreateStockReservations },
  { name: 'Migration20261124000200CreateBaskets', class: Migration20261124000200CreateBaskets },
  { name: 'Migration20261124000300CreateDeliveryTypes', class: Migration20261124000300CreateDeliveryTypes },
  { name: 'Migration20261124000400CreateOrders', class: Migration20261124000400CreateOrders },
  { name: 'Migration20261125000100CreateInvoiceNumbers', class: Migration20261125000100CreateInvoiceNumbers },
  { name: 'Migration20261125000200PayOnAccount', class: Migration20261125000200PayOnAccount },
  { name: 'Migration20261125000300AdminPortalIndexes', class: Migration20261125000300AdminPortalIndexes },
  { name: 'Migration20261126000100BlogCoverUploads', class: Migration20261126000100BlogCoverUploads },
  { name: 'Migration20261127000200EmailVerification', class: Migration20261127000200EmailVerification },
  { name: 'Migration20261128000050OptionSeats', class: Migration20261128000050OptionSeats },
  { name: 'Migration20261128000100CreateTrainingLicences', class: Migration20261128000100CreateTrainingLicences },
  { name: 'Migration20261128000200TrainingCourses', class: Migration20261128000200TrainingCourses },
  { name: 'Migration20261128000300AfterSale', class: Migration20261128000300AfterSale },
  { name: 'Migration20261128000500StaffRoles', class: Migration20261128000500StaffRoles },
  { name: 'Migration20261128000600PartialRefunds', class: Migration20261128000600PartialRefunds },
  { name: 'Migration20261128000700CourseSessions', class: Migration20261128000700CourseSessions },
  { name: 'Migration20261128000800TrainingAttemptAnswers', class: Migration20261128000800TrainingAttemptAnswers },
  { name: 'Migration20261128000900CourseDelegates', class: Migration20261128000900CourseDelegates },
  { name: 'Migration20261128001100CourseRegisters', class: Migration20261128001100CourseRegisters },
  { name: 'Migration20261128001200SessionChanges', class: Migration20261128001200SessionChanges },
  { name: 'Migration20261128001300CourseWaitingList', class: Migration20261128001300CourseWaitingList },
  { name: 'Migration20261128001400RefresherReminders', class: Migration20261128001400RefresherReminders },
  { name: 'Migration20261128001600UncachedCatalogueReads', class: Migration20261128001600UncachedCatalogueReads },
  { name: 'Migration20261128001700OrderHistoryIndexes', class: Migration20261128001700OrderHistoryIndexes },
];
