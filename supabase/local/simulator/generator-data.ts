/**
 * Word lists for the fixture generator: invented names, real US places (with their area
 * codes, using the fictional 555-01xx phone range), and real NUCC taxonomy codes with the
 * descriptions NPPES shows, each tied to a CMS provider type.
 */

export interface Place {
  city: string;
  state: string;
  zip: string;
  areaCode: string;
}

export const PLACES: Place[] = [
  { city: 'ALBANY', state: 'NY', zip: '12208', areaCode: '518' },
  { city: 'TROY', state: 'NY', zip: '12180', areaCode: '518' },
  { city: 'SCHENECTADY', state: 'NY', zip: '12308', areaCode: '518' },
  { city: 'SARATOGA SPRINGS', state: 'NY', zip: '12866', areaCode: '518' },
  { city: 'GLENS FALLS', state: 'NY', zip: '12801', areaCode: '518' },
  { city: 'SYRACUSE', state: 'NY', zip: '13210', areaCode: '315' },
  { city: 'ROCHESTER', state: 'NY', zip: '14607', areaCode: '585' },
  { city: 'BUFFALO', state: 'NY', zip: '14203', areaCode: '716' },
  { city: 'KINGSTON', state: 'NY', zip: '12401', areaCode: '845' },
  { city: 'BURLINGTON', state: 'VT', zip: '05401', areaCode: '802' },
  { city: 'BENNINGTON', state: 'VT', zip: '05201', areaCode: '802' },
  { city: 'PITTSFIELD', state: 'MA', zip: '01201', areaCode: '413' },
  { city: 'SPRINGFIELD', state: 'MA', zip: '01199', areaCode: '413' },
  { city: 'BOSTON', state: 'MA', zip: '02114', areaCode: '617' },
  { city: 'HARTFORD', state: 'CT', zip: '06106', areaCode: '860' },
  { city: 'NEWARK', state: 'NJ', zip: '07102', areaCode: '973' },
  { city: 'PHILADELPHIA', state: 'PA', zip: '19104', areaCode: '215' },
  { city: 'SCRANTON', state: 'PA', zip: '18503', areaCode: '570' },
];

export const STREETS = [
  'MAIN ST', 'STATE ST', 'WASHINGTON AVE', 'NEW SCOTLAND AVE', 'CENTRAL AVE', 'BROADWAY',
  'MADISON AVE', 'PARK AVE', 'ELM ST', 'MAPLE AVE', 'RIVER ST', 'HOSPITAL DR', 'MEDICAL PARK DR',
  'LAKE AVE', 'UNION ST', 'CHURCH ST', 'PEARL ST', 'HUDSON AVE', 'COLUMBIA TPKE', 'WOLF RD',
];

export const SUITES = ['', '', '', 'SUITE 100', 'SUITE 200', 'SUITE 310', 'FLOOR 2', 'BUILDING B'];

export const FEMALE_FIRST = [
  'EMILY', 'SARAH', 'JESSICA', 'ASHLEY', 'MEGAN', 'LAUREN', 'RACHEL', 'HANNAH', 'OLIVIA', 'SOPHIA',
  'PRIYA', 'AISHA', 'MEI', 'ELENA', 'GRACE', 'NORA', 'CLAIRE', 'FATIMA', 'ROSA', 'KATHERINE',
  'DIANA', 'JULIA', 'NATALIE', 'VICTORIA', 'ANNA', 'CAROLINE', 'MARGARET', 'LEAH',
];

export const MALE_FIRST = [
  'MICHAEL', 'JAMES', 'DANIEL', 'MATTHEW', 'ANDREW', 'JOSHUA', 'RYAN', 'KEVIN', 'BRIAN', 'ERIC',
  'RAJ', 'OMAR', 'WEI', 'CARLOS', 'NATHAN', 'PETER', 'GEORGE', 'HENRY', 'VIKRAM', 'LUCAS',
  'BENJAMIN', 'CHRISTOPHER', 'JONATHAN', 'PATRICK', 'STEPHEN', 'ANTHONY', 'MARCUS', 'ISAAC',
];

export const LAST_NAMES = [
  'SMITH', 'JOHNSON', 'WILLIAMS', 'BROWN', 'JONES', 'GARCIA', 'MILLER', 'DAVIS', 'RODRIGUEZ',
  'MARTINEZ', 'HERNANDEZ', 'LOPEZ', 'WILSON', 'ANDERSON', 'THOMAS', 'TAYLOR', 'MOORE', 'JACKSON',
  'MARTIN', 'LEE', 'PEREZ', 'THOMPSON', 'WHITE', 'HARRIS', 'SANCHEZ', 'CLARK', 'RAMIREZ', 'LEWIS',
  'ROBINSON', 'WALKER', 'YOUNG', 'ALLEN', 'KING', 'WRIGHT', 'SCOTT', 'TORRES', 'NGUYEN', 'HILL',
  'FLORES', 'GREEN', 'ADAMS', 'NELSON', 'BAKER', 'HALL', 'RIVERA', 'CAMPBELL', 'MITCHELL',
  'CARTER', 'PATEL', 'SHAH', 'CHEN', 'WANG', 'KIM', 'COHEN', 'MURPHY', 'SULLIVAN', 'FITZGERALD',
  'KOWALCZYK', 'NOVAK', 'ABERNATHY', 'VAN DYKE', 'MCALLISTER', 'DELACROIX', 'OYELARAN', 'HASSAN',
  'SMITH-JONES', 'LINDQVIST', 'BERGSTROM', 'IYER', 'TANAKA', 'ROSSI', 'ESPOSITO', 'DUBOIS',
];

export const MIDDLE_INITIALS = ['', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'J', 'K', 'L', 'M', 'N', 'P', 'R', 'S', 'T', 'W'];

/** A NUCC taxonomy as NPPES describes it, the credentials that go with it, its CMS provider type. */
export interface TaxonomyInfo {
  code: string;
  desc: string;
  credentials: string[];
  cmsType: [code: string, desc: string];
  /** Physicians get "Dr." as name prefix half the time. */
  physician: boolean;
}

const MD = ['M.D.', 'MD', 'D.O.', 'DO'];

export const INDIVIDUAL_TAXONOMIES: TaxonomyInfo[] = [
  { code: '207Q00000X', desc: 'Family Medicine', credentials: MD, cmsType: ['14-08', 'PRACTITIONER - FAMILY PRACTICE'], physician: true },
  { code: '207R00000X', desc: 'Internal Medicine', credentials: MD, cmsType: ['14-11', 'PRACTITIONER - INTERNAL MEDICINE'], physician: true },
  { code: '363LF0000X', desc: 'Nurse Practitioner, Family', credentials: ['NP', 'FNP-C', 'FNP-BC', 'APRN'], cmsType: ['14-50', 'PRACTITIONER - NURSE PRACTITIONER'], physician: false },
  { code: '208D00000X', desc: 'General Practice', credentials: MD, cmsType: ['14-01', 'PRACTITIONER - GENERAL PRACTICE'], physician: true },
  { code: '207V00000X', desc: 'Obstetrics & Gynecology', credentials: MD, cmsType: ['14-16', 'PRACTITIONER - OBSTETRICS/GYNECOLOGY'], physician: true },
  { code: '2084P0800X', desc: 'Psychiatry & Neurology, Psychiatry', credentials: MD, cmsType: ['14-26', 'PRACTITIONER - PSYCHIATRY'], physician: true },
  { code: '207RC0000X', desc: 'Internal Medicine, Cardiovascular Disease', credentials: MD, cmsType: ['14-06', 'PRACTITIONER - CARDIOVASCULAR DISEASE (CARDIOLOGY)'], physician: true },
  { code: '208000000X', desc: 'Pediatrics', credentials: MD, cmsType: ['14-37', 'PRACTITIONER - PEDIATRIC MEDICINE'], physician: true },
  { code: '363AM0700X', desc: 'Physician Assistant, Medical', credentials: ['PA-C', 'PA'], cmsType: ['14-97', 'PRACTITIONER - PHYSICIAN ASSISTANT'], physician: false },
  { code: '207RE0101X', desc: 'Internal Medicine, Endocrinology, Diabetes & Metabolism', credentials: MD, cmsType: ['14-46', 'PRACTITIONER - ENDOCRINOLOGY'], physician: true },
  { code: '207RG0100X', desc: 'Internal Medicine, Gastroenterology', credentials: MD, cmsType: ['14-10', 'PRACTITIONER - GASTROENTEROLOGY'], physician: true },
  { code: '207RN0300X', desc: 'Internal Medicine, Nephrology', credentials: MD, cmsType: ['14-39', 'PRACTITIONER - NEPHROLOGY'], physician: true },
  { code: '207RH0003X', desc: 'Internal Medicine, Hematology & Oncology', credentials: MD, cmsType: ['14-83', 'PRACTITIONER - HEMATOLOGY/ONCOLOGY'], physician: true },
  { code: '207RI0200X', desc: 'Internal Medicine, Infectious Disease', credentials: MD, cmsType: ['14-44', 'PRACTITIONER - INFECTIOUS DISEASE'], physician: true },
  { code: '207RR0500X', desc: 'Internal Medicine, Rheumatology', credentials: MD, cmsType: ['14-66', 'PRACTITIONER - RHEUMATOLOGY'], physician: true },
  { code: '207N00000X', desc: 'Dermatology', credentials: MD, cmsType: ['14-07', 'PRACTITIONER - DERMATOLOGY'], physician: true },
  { code: '2084N0400X', desc: 'Psychiatry & Neurology, Neurology', credentials: MD, cmsType: ['14-13', 'PRACTITIONER - NEUROLOGY'], physician: true },
  { code: '208800000X', desc: 'Urology', credentials: MD, cmsType: ['14-34', 'PRACTITIONER - UROLOGY'], physician: true },
  { code: '363LA2200X', desc: 'Nurse Practitioner, Adult Health', credentials: ['NP', 'AGNP-C', 'ANP-BC'], cmsType: ['14-50', 'PRACTITIONER - NURSE PRACTITIONER'], physician: false },
  { code: '363LW0102X', desc: "Nurse Practitioner, Women's Health", credentials: ['NP', 'WHNP-BC'], cmsType: ['14-50', 'PRACTITIONER - NURSE PRACTITIONER'], physician: false },
];

export const ORGANIZATION_TAXONOMIES: TaxonomyInfo[] = [
  { code: '261QP2300X', desc: 'Clinic/Center, Primary Care', credentials: [], cmsType: ['12-70', 'PART B SUPPLIER - CLINIC/GROUP PRACTICE'], physician: false },
  { code: '261QM1300X', desc: 'Clinic/Center, Multi-Specialty', credentials: [], cmsType: ['12-70', 'PART B SUPPLIER - CLINIC/GROUP PRACTICE'], physician: false },
  { code: '193200000X', desc: 'Multi-Specialty', credentials: [], cmsType: ['12-70', 'PART B SUPPLIER - CLINIC/GROUP PRACTICE'], physician: false },
  { code: '291U00000X', desc: 'Clinical Medical Laboratory', credentials: [], cmsType: ['12-69', 'PART B SUPPLIER - INDEPENDENT CLINICAL LABORATORY'], physician: false },
  { code: '282N00000X', desc: 'General Acute Care Hospital', credentials: [], cmsType: ['00-09', 'PART A PROVIDER - HOSPITAL'], physician: false },
  { code: '261QF0400X', desc: 'Clinic/Center, Federally Qualified Health Center (FQHC)', credentials: [], cmsType: ['00-85', 'PART A PROVIDER - FEDERALLY QUALIFIED HEALTH CENTER (FQHC)'], physician: false },
];

export const ORG_NAME_PARTS = {
  prefixes: ['HUDSON VALLEY', 'ADIRONDACK', 'CAPITAL DISTRICT', 'MOHAWK', 'BERKSHIRE', 'GREEN MOUNTAIN', 'LAKESIDE', 'RIVERSIDE', 'NORTHWAY', 'PINE BUSH', 'EMPIRE', 'SUSQUEHANNA'],
  kinds: ['FAMILY PRACTICE', 'MEDICAL ASSOCIATES', 'PRIMARY CARE', 'HEALTH CENTER', 'INTERNAL MEDICINE GROUP', "WOMEN'S HEALTH", 'PEDIATRICS', 'CARDIOLOGY', 'CLINICAL LABORATORY', 'COMMUNITY HOSPITAL'],
  suffixes: ['PLLC', 'PC', 'LLC', 'INC', 'LLP'],
};

export const OFFICIAL_TITLES = ['PRESIDENT', 'CEO', 'PRACTICE ADMINISTRATOR', 'MEDICAL DIRECTOR', 'CFO', 'MANAGING PARTNER'];
