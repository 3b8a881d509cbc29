import type { DemoTopicKey } from './demo-topics.js';

/**
 * The demo catalogue `make start` seeds (`shop db:seed --demo`): the six categories of product.md in their
 * order, six brands, and one line per product. Lines say only what differs between products; everything
 * else (codes, texts, options, prices, pictures, files) is derived in demo-products.ts, deterministically.
 */
export interface DemoCategory {
  slug: string;
  name: string;
  description: string;
}

export const DEMO_CATEGORIES: readonly DemoCategory[] = [
  { slug: 'training-dvds', name: 'Training DVDs', description: 'Health and safety training films on DVD, to show to a group in the training room or on site, with trainer notes, assessments and certificates.' },
  { slug: 'online-training', name: 'Online Training', description: 'Online courses and streamed training films, licensed for one learner or a whole team, with assessments and certificates.' },
  { slug: 'posters', name: 'Posters', description: 'Workplace safety posters and notices, from safe lifting and fire action to COSHH pictograms and hand washing.' },
  { slug: 'powerpoint', name: 'PowerPoint Packs', description: 'Editable PowerPoint presentations with trainer notes, for delivering your own toolbox talks and in-house courses.' },
  { slug: 'risk-assessments', name: 'Risk Assessments', description: 'Ready-to-adapt risk assessment templates, written to HSE guidance, for the hazards most workplaces share.' },
  { slug: 'training-courses', name: 'Training Courses', description: 'Instructor-led courses at our training centres or at your premises, accredited and certificated.' },
];

export interface DemoBrand {
  name: string;
  website: string;
  /** Logo colour. */
  colour: string;
}

export const DEMO_BRANDS: readonly DemoBrand[] = [
  { name: 'SafeWorks Media', website: 'https://www.safeworks-media.example', colour: '#1d4e89' },
  { name: 'Northgate Safety Training', website: 'https://www.northgate-safety.example', colour: '#0f7b6c' },
  { name: 'Beacon Compliance', website: 'https://www.beacon-compliance.example', colour: '#d35400' },
  { name: 'Clearview Learning', website: 'https://www.clearview-learning.example', colour: '#6c3483' },
  { name: 'Hazard Lane Productions', website: 'https://www.hazardlane.example', colour: '#c0392b' },
  { name: 'Redline Signs & Posters', website: 'https://www.redline-signs.example', colour: '#1e8449' },
];

/** The format of a product: which category it lives in, which options it sells, which pictures it gets. */
export type DemoFamily = 'video' | 'elearning' | 'poster' | 'powerpoint' | 'risk' | 'course';

export interface DemoLine {
  family: DemoFamily;
  topic: DemoTopicKey;
  title: string;
  /** Index into DEMO_BRANDS. */
  brand: number;
  year: number;
  /** Running time in minutes (films, e-learning, courses). */
  minutes?: number;
  accreditation?: string;
  featured?: boolean;
  draft?: boolean;
  /** Has a preview video (customers may request a free preview). */
  preview?: boolean;
  /** Stock of its physical options (or places of an open course) when it must be low or nil. */
  stock?: number;
  /** A film sold on DVD only, not online. */
  dvdOnly?: boolean;
  /** Also has a withdrawn option, kept inactive (so the storefront must hide it). */
  withdrawnOption?: boolean;
}

const ROSPA = 'RoSPA approved';
const IOSH = 'IOSH approved';
const CPD = 'CPD certified';

export const DEMO_LINES: readonly DemoLine[] = [
  // Films: DVD and online licences.
  { family: 'video', topic: 'manualHandling', title: 'Manual Handling: Lift It Right', brand: 0, year: 2024, minutes: 22, accreditation: ROSPA, featured: true, preview: true },
  { family: 'video', topic: 'fireSafety', title: 'Fire Safety Awareness at Work', brand: 0, year: 2025, minutes: 20, accreditation: ROSPA, featured: true, preview: true },
  { family: 'video', topic: 'fireMarshal', title: 'Fire Marshal Training: Duties and Drills', brand: 4, year: 2024, minutes: 28, accreditation: IOSH, preview: true },
  { family: 'video', topic: 'coshh', title: 'COSHH: Hazardous Substances at Work', brand: 4, year: 2023, minutes: 25, accreditation: CPD, preview: true },
  { family: 'video', topic: 'workingAtHeight', title: 'Working at Height: Planning for Safety', brand: 0, year: 2024, minutes: 24, accreditation: ROSPA, preview: true },
  { family: 'video', topic: 'ladderSafety', title: 'Ladder Safety: Get It Right Every Time', brand: 4, year: 2022, minutes: 15, preview: true, stock: 2 },
  { family: 'video', topic: 'asbestos', title: 'Asbestos Awareness for Trades', brand: 1, year: 2025, minutes: 30, accreditation: CPD, featured: true, preview: true },
  { family: 'video', topic: 'slipsTrips', title: 'Slips, Trips and Falls: Watch Your Step', brand: 0, year: 2021, minutes: 18, preview: true, stock: 0 },
  { family: 'video', topic: 'dse', title: 'Display Screen Equipment: Comfortable and Healthy', brand: 3, year: 2024, minutes: 16, preview: true, withdrawnOption: true },
  { family: 'video', topic: 'noise', title: 'Noise at Work: Protect Your Hearing', brand: 4, year: 2020, minutes: 17, dvdOnly: true, stock: 3 },
  { family: 'video', topic: 'ppe', title: 'PPE: The Last Line of Defence', brand: 0, year: 2023, minutes: 19, accreditation: ROSPA, preview: true },
  { family: 'video', topic: 'loneWorking', title: 'Lone Working: Staying Safe on Your Own', brand: 1, year: 2024, minutes: 21, accreditation: IOSH, preview: true },
  { family: 'video', topic: 'abrasiveWheels', title: 'Abrasive Wheels: Safe Mounting and Use', brand: 4, year: 2019, minutes: 26, accreditation: IOSH, dvdOnly: true },
  { family: 'video', topic: 'forklift', title: 'Forklift Truck Safety in the Warehouse', brand: 0, year: 2023, minutes: 27, accreditation: ROSPA, preview: true },
  { family: 'video', topic: 'electrical', title: 'Electrical Safety for Everyone', brand: 4, year: 2022, minutes: 14, dvdOnly: true },
  { family: 'video', topic: 'vibration', title: 'Hand-Arm Vibration: Know Your Limits', brand: 1, year: 2021, minutes: 18, stock: 1 },
  { family: 'video', topic: 'induction', title: 'Health and Safety Induction for New Starters', brand: 0, year: 2025, minutes: 25, accreditation: `${ROSPA}; ${CPD}`, featured: true, preview: true },
  { family: 'video', topic: 'cdm', title: 'CDM 2015 Explained', brand: 1, year: 2026, minutes: 32, draft: true },

  // Online courses.
  { family: 'elearning', topic: 'manualHandling', title: 'Manual Handling Online Course', brand: 3, year: 2025, minutes: 45, accreditation: `${CPD}; ${ROSPA}`, preview: true },
  { family: 'elearning', topic: 'fireSafety', title: 'Fire Safety Awareness Online Course', brand: 3, year: 2025, minutes: 40, accreditation: CPD, featured: true, preview: true },
  { family: 'elearning', topic: 'dse', title: 'DSE Workstation Assessment Online Course', brand: 3, year: 2024, minutes: 35, accreditation: CPD, preview: true },
  { family: 'elearning', topic: 'foodHygiene', title: 'Food Hygiene Level 2 Online Course', brand: 1, year: 2025, minutes: 90, accreditation: CPD, featured: true, preview: true },
  { family: 'elearning', topic: 'stress', title: 'Managing Work-Related Stress Online Course', brand: 3, year: 2024, minutes: 60, accreditation: IOSH, preview: true },
  { family: 'elearning', topic: 'legionella', title: 'Legionella Awareness Online Course', brand: 1, year: 2023, minutes: 50, accreditation: CPD, preview: true },
  { family: 'elearning', topic: 'riddor', title: 'RIDDOR Accident Reporting Online Course', brand: 3, year: 2024, minutes: 30, preview: true },
  { family: 'elearning', topic: 'asbestos', title: 'Asbestos Awareness Online Course (Category A)', brand: 1, year: 2025, minutes: 120, accreditation: CPD },

  // Posters.
  { family: 'poster', topic: 'manualHandling', title: 'Safe Lifting Technique Poster', brand: 5, year: 2024 },
  { family: 'poster', topic: 'fireSafety', title: 'Fire Action Notice Poster', brand: 5, year: 2025 },
  { family: 'poster', topic: 'fireExtinguisher', title: 'Fire Extinguisher Identification Poster', brand: 5, year: 2024, featured: true },
  { family: 'poster', topic: 'coshh', title: 'COSHH Hazard Pictograms Poster', brand: 5, year: 2023 },
  { family: 'poster', topic: 'ladderSafety', title: 'Ladder Pre-Use Checklist Poster', brand: 5, year: 2023, stock: 4 },
  { family: 'poster', topic: 'slipsTrips', title: 'Slips and Trips: Clean Up Spills Poster', brand: 5, year: 2022 },
  { family: 'poster', topic: 'dse', title: 'Workstation Set-Up Poster', brand: 2, year: 2024 },
  { family: 'poster', topic: 'firstAid', title: 'First Aid: The Recovery Position Poster', brand: 5, year: 2025 },
  { family: 'poster', topic: 'firstAid', title: 'CPR and Defibrillator Poster', brand: 5, year: 2025 },
  { family: 'poster', topic: 'noise', title: 'Hearing Protection Zone Poster', brand: 5, year: 2021 },
  { family: 'poster', topic: 'ppe', title: 'Wear Your PPE Poster', brand: 5, year: 2023 },
  { family: 'poster', topic: 'foodHygiene', title: 'Handwashing for Food Handlers Poster', brand: 2, year: 2024 },
  { family: 'poster', topic: 'legionella', title: 'Legionella Flushing Procedure Poster', brand: 2, year: 2022 },
  { family: 'poster', topic: 'electrical', title: 'Electrical Safety Visual Checks Poster', brand: 5, year: 2026, draft: true },

  // PowerPoint packs.
  { family: 'powerpoint', topic: 'manualHandling', title: 'Manual Handling Training PowerPoint', brand: 2, year: 2025 },
  { family: 'powerpoint', topic: 'fireMarshal', title: 'Fire Marshal Training PowerPoint', brand: 2, year: 2024 },
  { family: 'powerpoint', topic: 'coshh', title: 'COSHH Awareness PowerPoint', brand: 2, year: 2024 },
  { family: 'powerpoint', topic: 'workingAtHeight', title: 'Working at Height Toolbox Talk PowerPoint', brand: 2, year: 2023 },
  { family: 'powerpoint', topic: 'asbestos', title: 'Asbestos Awareness PowerPoint', brand: 2, year: 2025 },
  { family: 'powerpoint', topic: 'abrasiveWheels', title: 'Abrasive Wheels PowerPoint', brand: 2, year: 2022 },
  { family: 'powerpoint', topic: 'noise', title: 'Noise at Work Toolbox Talk PowerPoint', brand: 2, year: 2023 },
  { family: 'powerpoint', topic: 'loneWorking', title: 'Lone Working PowerPoint', brand: 2, year: 2024 },
  { family: 'powerpoint', topic: 'riskAssessment', title: 'Risk Assessment Training PowerPoint', brand: 2, year: 2025 },
  { family: 'powerpoint', topic: 'cdm', title: 'CDM 2015 Awareness PowerPoint', brand: 2, year: 2024 },

  // Risk assessment templates.
  { family: 'risk', topic: 'manualHandling', title: 'Manual Handling Risk Assessment Template', brand: 2, year: 2025 },
  { family: 'risk', topic: 'fireSafety', title: 'Fire Risk Assessment Template for Small Premises', brand: 2, year: 2025 },
  { family: 'risk', topic: 'coshh', title: 'COSHH Risk Assessment Template', brand: 2, year: 2024 },
  { family: 'risk', topic: 'workingAtHeight', title: 'Working at Height Risk Assessment Template', brand: 2, year: 2024 },
  { family: 'risk', topic: 'ladderSafety', title: 'Ladder Use Risk Assessment Template', brand: 2, year: 2023 },
  { family: 'risk', topic: 'dse', title: 'DSE Workstation Assessment Checklist', brand: 2, year: 2025 },
  { family: 'risk', topic: 'legionella', title: 'Legionella Risk Assessment Template', brand: 2, year: 2023 },
  { family: 'risk', topic: 'loneWorking', title: 'Lone Working Risk Assessment Template', brand: 2, year: 2024 },
  { family: 'risk', topic: 'stress', title: 'Stress Risk Assessment Template', brand: 2, year: 2024 },
  { family: 'risk', topic: 'noise', title: 'Noise Risk Assessment Template', brand: 2, year: 2026, draft: true },

  // Courses: places as stock.
  { family: 'course', topic: 'firstAid', title: 'Emergency First Aid at Work (1 day)', brand: 1, year: 2026, minutes: 420, accreditation: 'Ofqual regulated Level 3 Award', featured: true },
  { family: 'course', topic: 'fireMarshal', title: 'Fire Marshal Training Course (half day)', brand: 1, year: 2026, minutes: 210, accreditation: CPD },
  { family: 'course', topic: 'manualHandling', title: 'Manual Handling Train the Trainer (1 day)', brand: 1, year: 2026, minutes: 420, accreditation: CPD, stock: 2 },
  { family: 'course', topic: 'riskAssessment', title: 'Risk Assessment Course (1 day)', brand: 1, year: 2026, minutes: 420, accreditation: IOSH },
  { family: 'course', topic: 'workingAtHeight', title: 'Working at Height Course (half day)', brand: 1, year: 2026, minutes: 210, accreditation: CPD },
  { family: 'course', topic: 'asbestos', title: 'Asbestos Awareness Course (half day)', brand: 1, year: 2026, minutes: 240, accreditation: CPD },
  { family: 'course', topic: 'coshh', title: 'COSHH Assessment Course (1 day)', brand: 1, year: 2026, minutes: 420, accreditation: CPD },
  { family: 'course', topic: 'induction', title: 'IOSH Working Safely (1 day)', brand: 1, year: 2026, minutes: 420, accreditation: 'IOSH certificated' },
];
