import type { Pictogram } from './demo-artwork.js';

/**
 * The health-and-safety subjects of the demo catalogue. Each demo product is one subject in one format
 * (video, e-learning, poster, PowerPoint pack, risk assessment, course); its summary, description and
 * artwork are written from the subject's law and key points, so 60+ products read as real ones without
 * 60 hand-written descriptions.
 */
export interface DemoTopic {
  /** Upper-case letters that go into product codes. */
  code: string;
  name: string;
  /** The UK legislation or guidance the material follows. */
  law: string;
  /** Who the material is for, completing "for …". */
  audience: string;
  /** What the material covers: four short points, each completing "It covers …". */
  points: readonly [string, string, string, string];
  pictogram: Pictogram;
}

export const DEMO_TOPICS = {
  manualHandling: {
    code: 'MH', name: 'Manual Handling', law: 'the Manual Handling Operations Regulations 1992', pictogram: 'box',
    audience: 'anyone who lifts, carries, pushes or pulls loads at work',
    points: ['how the spine works and why injuries happen', 'the TILE assessment: task, individual, load, environment', 'safe lifting technique, step by step', 'team lifts, trolleys and mechanical aids'],
  },
  fireSafety: {
    code: 'FS', name: 'Fire Safety', law: 'the Regulatory Reform (Fire Safety) Order 2005', pictogram: 'flame',
    audience: 'every employee, as part of induction and annual refresher training',
    points: ['the fire triangle and how fires spread', 'common causes of workplace fires', 'raising the alarm and evacuating safely', 'fire doors, escape routes and assembly points'],
  },
  fireMarshal: {
    code: 'FM', name: 'Fire Marshal', law: 'the Regulatory Reform (Fire Safety) Order 2005', pictogram: 'flame',
    audience: 'nominated fire marshals and fire wardens',
    points: ['the duties of a fire marshal before, during and after a fire', 'sweeping an area and helping people who need assistance', 'choosing and using the right extinguisher', 'running and reviewing a fire drill'],
  },
  fireExtinguisher: {
    code: 'FE', name: 'Fire Extinguisher', law: 'the Regulatory Reform (Fire Safety) Order 2005 and BS 5306', pictogram: 'extinguisher',
    audience: 'staff who may need to tackle a small fire',
    points: ['the classes of fire, A to F', 'water, foam, powder, CO2 and wet chemical extinguishers', 'the PASS technique', 'when not to fight a fire'],
  },
  coshh: {
    code: 'CO', name: 'COSHH', law: 'the Control of Substances Hazardous to Health Regulations 2002', pictogram: 'flask',
    audience: 'staff who use, store or clean up hazardous substances',
    points: ['reading safety data sheets and hazard pictograms', 'routes of entry into the body', 'control measures, from substitution to PPE', 'spills, storage and health surveillance'],
  },
  workingAtHeight: {
    code: 'WH', name: 'Working at Height', law: 'the Work at Height Regulations 2005', pictogram: 'ladder',
    audience: 'workers, supervisors and managers who plan or do work at height',
    points: ['the hierarchy: avoid, prevent, mitigate', 'mobile towers, MEWPs and scaffolds', 'fragile surfaces and falling objects', 'planning, inspection and rescue'],
  },
  ladderSafety: {
    code: 'LS', name: 'Ladder Safety', law: 'the Work at Height Regulations 2005 and HSE INDG455', pictogram: 'ladder',
    audience: 'anyone who uses ladders or stepladders at work',
    points: ['pre-use checks of ladders and stepladders', 'the 1 in 4 angle and three points of contact', 'securing and footing a ladder', 'when a ladder is not the right equipment'],
  },
  asbestos: {
    code: 'AS', name: 'Asbestos Awareness', law: 'the Control of Asbestos Regulations 2012', pictogram: 'warning',
    audience: 'tradespeople and maintenance staff who could disturb the fabric of a building',
    points: ['where asbestos is still found in buildings', 'the health effects of asbestos fibres', 'the asbestos register and the duty to manage', 'what to do if you suspect asbestos'],
  },
  slipsTrips: {
    code: 'ST', name: 'Slips, Trips and Falls', law: 'the Workplace (Health, Safety and Welfare) Regulations 1992', pictogram: 'warning',
    audience: 'every workplace, from offices and shops to kitchens and warehouses',
    points: ['why slips and trips are the most common cause of major injury', 'spills, contamination and cleaning regimes', 'flooring, lighting and housekeeping', 'footwear and changes in level'],
  },
  dse: {
    code: 'DS', name: 'Display Screen Equipment', law: 'the Health and Safety (Display Screen Equipment) Regulations 1992', pictogram: 'screen',
    audience: 'office, hybrid and home workers who use a screen for an hour or more at a time',
    points: ['setting up the chair, screen, keyboard and mouse', 'breaks, posture and eye care', 'working from home and laptops', 'the DSE workstation assessment'],
  },
  firstAid: {
    code: 'FA', name: 'Emergency First Aid at Work', law: 'the Health and Safety (First-Aid) Regulations 1981', pictogram: 'cross',
    audience: 'appointed persons and emergency first aiders',
    points: ['the primary survey: danger, response, airway, breathing', 'CPR and using a defibrillator', 'choking, bleeding and shock', 'the recovery position and recording incidents'],
  },
  legionella: {
    code: 'LG', name: 'Legionella Awareness', law: 'HSE Approved Code of Practice L8', pictogram: 'drop',
    audience: 'duty holders, responsible persons and maintenance staff',
    points: ['how legionella bacteria grow and spread', 'hot and cold water systems at risk', 'temperature monitoring and flushing', 'record keeping and the written scheme'],
  },
  abrasiveWheels: {
    code: 'AW', name: 'Abrasive Wheels', law: 'the Provision and Use of Work Equipment Regulations 1998', pictogram: 'gear',
    audience: 'operators of grinders, cut-off saws and other abrasive wheel machines',
    points: ['wheel types, markings and maximum speeds', 'storage, handling and the ring test', 'mounting a wheel safely', 'guards, PPE and dust control'],
  },
  noise: {
    code: 'NW', name: 'Noise at Work', law: 'the Control of Noise at Work Regulations 2005', pictogram: 'ear',
    audience: 'workers and supervisors in noisy workplaces',
    points: ['how noise damages hearing, and why it cannot be undone', 'the action values of 80 and 85 dB(A)', 'quieter equipment, barriers and hearing protection zones', 'wearing ear defenders and plugs properly'],
  },
  ppe: {
    code: 'PE', name: 'Personal Protective Equipment', law: 'the Personal Protective Equipment at Work Regulations 1992 (as amended 2022)', pictogram: 'helmet',
    audience: 'employers, supervisors and every worker who is issued PPE',
    points: ['PPE as the last line of defence', 'choosing, fitting and face-fit testing', 'checking, cleaning and storing PPE', 'the 2022 duties to limb (b) workers'],
  },
  loneWorking: {
    code: 'LW', name: 'Lone Working', law: 'the Health and Safety at Work etc. Act 1974 and HSE INDG73', pictogram: 'person',
    audience: 'lone and mobile workers and the people who manage them',
    points: ['assessing the risks of working alone', 'check-in procedures and lone worker devices', 'violence, aggression and personal safety', 'what to do when someone does not check in'],
  },
  stress: {
    code: 'SR', name: 'Work-Related Stress', law: 'the Management of Health and Safety at Work Regulations 1999 and the HSE Management Standards', pictogram: 'heart',
    audience: 'managers, team leaders and HR professionals',
    points: ['the six HSE Management Standards', 'spotting the signs of stress in a team', 'stress risk assessment and action plans', 'supporting a return to work'],
  },
  foodHygiene: {
    code: 'FH', name: 'Food Hygiene', law: 'the Food Safety and Hygiene (England) Regulations 2013', pictogram: 'drop',
    audience: 'food handlers in catering, retail and manufacturing',
    points: ['bacteria, contamination and food poisoning', 'the 4Cs: cleaning, cooking, chilling, cross-contamination', 'allergens and Natasha’s Law', 'personal hygiene and HACCP basics'],
  },
  cdm: {
    code: 'CD', name: 'CDM 2015', law: 'the Construction (Design and Management) Regulations 2015', pictogram: 'helmet',
    audience: 'clients, designers, principal contractors and site managers',
    points: ['duty holders and their responsibilities', 'the construction phase plan and health and safety file', 'notifying a project with the F10', 'welfare facilities on site'],
  },
  riskAssessment: {
    code: 'RA', name: 'Risk Assessment', law: 'the Management of Health and Safety at Work Regulations 1999', pictogram: 'document',
    audience: 'managers and supervisors who carry out risk assessments',
    points: ['hazard and risk: the difference', 'the five steps to risk assessment', 'the hierarchy of control', 'recording, sharing and reviewing findings'],
  },
  vibration: {
    code: 'HV', name: 'Hand-Arm Vibration', law: 'the Control of Vibration at Work Regulations 2005', pictogram: 'gear',
    audience: 'users of powered hand tools and their supervisors',
    points: ['vibration white finger and carpal tunnel syndrome', 'exposure action and limit values', 'trigger times and the HSE ready reckoner', 'health surveillance'],
  },
  forklift: {
    code: 'FT', name: 'Forklift Truck Safety', law: 'HSE Approved Code of Practice L117', pictogram: 'box',
    audience: 'lift truck operators, pedestrians in warehouses and their managers',
    points: ['daily pre-use checks', 'stability, load centres and the stability triangle', 'separating people and vehicles', 'safe stacking and de-stacking'],
  },
  electrical: {
    code: 'EL', name: 'Electrical Safety', law: 'the Electricity at Work Regulations 1989', pictogram: 'bolt',
    audience: 'every employee, and those who inspect portable appliances',
    points: ['electric shock, burns and fire', 'visual checks of plugs, leads and appliances', 'overloaded sockets and extension leads', 'isolation and working near overhead lines'],
  },
  riddor: {
    code: 'RD', name: 'Accident Reporting (RIDDOR)', law: 'the Reporting of Injuries, Diseases and Dangerous Occurrences Regulations 2013', pictogram: 'document',
    audience: 'managers, supervisors and safety representatives',
    points: ['what must be reported, and by when', 'specified injuries and over-7-day injuries', 'occupational diseases and dangerous occurrences', 'investigating an accident and learning from it'],
  },
  induction: {
    code: 'IN', name: 'Health and Safety Induction', law: 'the Health and Safety at Work etc. Act 1974', pictogram: 'person',
    audience: 'new starters, agency workers and contractors',
    points: ['employers’ and employees’ duties', 'reporting hazards and near misses', 'emergency procedures and first aid', 'welfare, signs and safe behaviour'],
  },
} as const satisfies Record<string, DemoTopic>;

export type DemoTopicKey = keyof typeof DEMO_TOPICS;
