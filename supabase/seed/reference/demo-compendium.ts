/**
 * The demo test compendium: about a hundred common outpatient tests and panels, with their
 * LOINC codes where we are sure of them (null otherwise; every one passes LOINC's check
 * digit) and their CPT codes, the containers and transport of a typical outreach
 * laboratory, order questions, and critical ranges where laboratories commonly set them.
 * Demo data: a laboratory imports its own compendium (docs/reference-data.md).
 */
import type { CompendiumTest, OrderQuestion, TransportTemperature } from '../../functions/_shared/lab/reference-types.ts';

const FASTING: OrderQuestion = { code: 'FASTING', text: 'Is the patient fasting (nothing but water for 8 hours or more)?', type: 'yes-no', required: true, choices: [] };
const FASTING_OPTIONAL: OrderQuestion = { ...FASTING, required: false };
const LMP: OrderQuestion = { code: 'LMP', text: 'First day of the last menstrual period', type: 'date', required: false, choices: [] };
const LMP_REQUIRED: OrderQuestion = { ...LMP, required: true };
const LAST_DOSE: OrderQuestion = { code: 'LASTDOSE', text: 'Date and time of the last dose', type: 'text', required: true, choices: [] };
const COLLECTION_TIME: OrderQuestion = { code: 'COLLTIME', text: 'Time of collection', type: 'choice', required: true, choices: ['Morning (6–10 AM)', 'Afternoon (3–5 PM)', 'Other'] };
const URINE_VOLUME: OrderQuestion = { code: 'TOTVOL', text: 'Total 24-hour urine volume (mL)', type: 'number', required: true, choices: [] };
const ANTICOAGULANT: OrderQuestion = { code: 'ANTICOAG', text: 'Anticoagulant therapy', type: 'choice', required: false, choices: ['None', 'Warfarin', 'Heparin', 'Direct oral anticoagulant'] };
const SYMPTOMATIC: OrderQuestion = { code: 'SYMPTOMS', text: 'Does the patient have symptoms?', type: 'yes-no', required: true, choices: [] };
const PREGNANT: OrderQuestion = { code: 'PREGNANT', text: 'Is the patient pregnant?', type: 'yes-no', required: false, choices: [] };
const source = (...choices: string[]): OrderQuestion => ({ code: 'SOURCE', text: 'Specimen source', type: 'choice', required: true, choices });
const SWAB_SOURCES = source('Urine', 'Endocervical swab', 'Vaginal swab', 'Urethral swab', 'Throat swab', 'Rectal swab');

type Row = [
  code: string,
  name: string,
  loinc: string | null,
  cpt: string,
  specimen: 'serum' | 'plasma-edta' | 'plasma-citrate' | 'urine' | 'urine-24h' | 'swab' | 'stool' | 'blood-culture' | 'whole-blood' | 'plasma-heparin',
  temperature: TransportTemperature,
  stability: string,
  turnaround: string,
  options?: { questions?: OrderQuestion[]; members?: string[]; critical?: [number | null, number | null, string]; active?: boolean; volume?: string },
];

const SPECIMENS: Record<Row[4], { type: string; container: string; volume: string }> = {
  serum: { type: 'Serum', container: 'Gold-top serum separator tube (SST)', volume: '1 mL' },
  'plasma-edta': { type: 'Whole blood', container: 'Lavender-top EDTA tube', volume: '3 mL' },
  'plasma-citrate': { type: 'Plasma, citrated', container: 'Light-blue-top sodium citrate tube (full draw)', volume: '2.7 mL' },
  'plasma-heparin': { type: 'Plasma', container: 'Green-top lithium heparin tube', volume: '1 mL' },
  'whole-blood': { type: 'Whole blood', container: 'Royal-blue-top EDTA tube (trace-element free)', volume: '3 mL' },
  urine: { type: 'Urine, random', container: 'Sterile urine cup', volume: '10 mL' },
  'urine-24h': { type: 'Urine, 24-hour', container: '24-hour urine container (no preservative)', volume: '10 mL aliquot' },
  swab: { type: 'Swab or urine', container: 'Collection kit with transport medium', volume: '1 swab or 2 mL urine' },
  stool: { type: 'Stool', container: 'Stool container with transport medium', volume: '5 g' },
  'blood-culture': { type: 'Whole blood', container: 'Aerobic and anaerobic blood culture bottles', volume: '8–10 mL per bottle' },
};

const ROOM = 'ambient';
const COLD = 'refrigerated';
const FROZEN = 'frozen';

const BMP_MEMBERS = ['GLU', 'BUN', 'CREA', 'NA', 'K', 'CL', 'CO2', 'CA'];
const HEPATIC_MEMBERS = ['ALB', 'TP', 'TBIL', 'DBIL', 'ALP', 'AST', 'ALT'];

const ROWS: Row[] = [
  // Chemistry panels
  ['BMP', 'Basic metabolic panel', '24321-2', '80048', 'serum', COLD, '7 days refrigerated', '1 day', { members: BMP_MEMBERS, questions: [FASTING_OPTIONAL] }],
  ['CMP', 'Comprehensive metabolic panel', '24323-8', '80053', 'serum', COLD, '7 days refrigerated', '1 day', { members: [...BMP_MEMBERS, 'ALB', 'TP', 'TBIL', 'ALP', 'AST', 'ALT'], questions: [FASTING_OPTIONAL] }],
  ['ELECTRO', 'Electrolyte panel', '24326-1', '80051', 'serum', COLD, '7 days refrigerated', '1 day', { members: ['NA', 'K', 'CL', 'CO2'] }],
  ['HEPATIC', 'Hepatic function panel', '24325-3', '80076', 'serum', COLD, '7 days refrigerated', '1 day', { members: HEPATIC_MEMBERS }],
  ['RENAL', 'Renal function panel', '24362-6', '80069', 'serum', COLD, '7 days refrigerated', '1 day', { members: ['ALB', 'BUN', 'CA', 'CO2', 'CL', 'CREA', 'GLU', 'PHOS', 'K', 'NA'], questions: [FASTING_OPTIONAL] }],
  ['LIPID', 'Lipid panel', '24331-1', '80061', 'serum', COLD, '7 days refrigerated', '1 day', { members: ['CHOL', 'HDL', 'TRIG'], questions: [FASTING] }],
  ['HEPACUTE', 'Acute hepatitis panel', '24363-4', '80074', 'serum', COLD, '7 days refrigerated', '2–3 days', { members: ['HAVM', 'HBSAG', 'HBCM', 'HCVAB'] }],
  ['IRONP', 'Iron and total iron-binding capacity', null, '', 'serum', COLD, '7 days refrigerated', '1 day', { members: ['IRON', 'TIBC'], questions: [FASTING_OPTIONAL] }],
  ['THYRCASC', 'Thyroid cascade (TSH, free T4)', null, '', 'serum', COLD, '7 days refrigerated', '1 day', { members: ['TSH', 'FT4'] }],
  // Chemistry
  ['GLU', 'Glucose', '2345-7', '82947', 'serum', COLD, '7 days refrigerated (separated)', '1 day', { questions: [FASTING], critical: [40, 450, 'mg/dL'] }],
  ['BUN', 'Urea nitrogen (BUN)', '3094-0', '84520', 'serum', COLD, '7 days refrigerated', '1 day'],
  ['CREA', 'Creatinine', '2160-0', '82565', 'serum', COLD, '7 days refrigerated', '1 day'],
  ['NA', 'Sodium', '2951-2', '84295', 'serum', COLD, '7 days refrigerated', '1 day', { critical: [120, 160, 'mmol/L'] }],
  ['K', 'Potassium', '2823-3', '84132', 'serum', COLD, '7 days refrigerated (separated)', '1 day', { critical: [2.8, 6.2, 'mmol/L'] }],
  ['CL', 'Chloride', '2075-0', '82435', 'serum', COLD, '7 days refrigerated', '1 day'],
  ['CO2', 'Carbon dioxide (bicarbonate)', '2028-9', '82374', 'serum', COLD, '7 days refrigerated', '1 day'],
  ['CA', 'Calcium', '17861-6', '82310', 'serum', COLD, '7 days refrigerated', '1 day', { critical: [6, 13, 'mg/dL'] }],
  ['MG', 'Magnesium', '19123-9', '83735', 'serum', COLD, '7 days refrigerated', '1 day', { critical: [1, 4.9, 'mg/dL'] }],
  ['PHOS', 'Phosphorus', '2777-1', '84100', 'serum', COLD, '7 days refrigerated', '1 day'],
  ['URIC', 'Uric acid', '3084-1', '84550', 'serum', COLD, '7 days refrigerated', '1 day'],
  ['ALB', 'Albumin', '1751-7', '82040', 'serum', COLD, '7 days refrigerated', '1 day'],
  ['TP', 'Protein, total', '2885-2', '84155', 'serum', COLD, '7 days refrigerated', '1 day'],
  ['TBIL', 'Bilirubin, total', '1975-2', '82247', 'serum', COLD, '7 days refrigerated, protected from light', '1 day'],
  ['DBIL', 'Bilirubin, direct', '1968-7', '82248', 'serum', COLD, '7 days refrigerated, protected from light', '1 day'],
  ['ALT', 'Alanine aminotransferase (ALT)', '1742-6', '84460', 'serum', COLD, '7 days refrigerated', '1 day'],
  ['AST', 'Aspartate aminotransferase (AST)', '1920-8', '84450', 'serum', COLD, '7 days refrigerated', '1 day'],
  ['ALP', 'Alkaline phosphatase', '6768-6', '84075', 'serum', COLD, '7 days refrigerated', '1 day'],
  ['GGT', 'Gamma-glutamyl transferase (GGT)', '2324-2', '82977', 'serum', COLD, '7 days refrigerated', '1 day'],
  ['LDH', 'Lactate dehydrogenase (LD)', '2532-0', '83615', 'serum', ROOM, '3 days at room temperature', '1 day'],
  ['CK', 'Creatine kinase, total', '2157-6', '82550', 'serum', COLD, '7 days refrigerated', '1 day'],
  ['AMY', 'Amylase', '1798-8', '82150', 'serum', COLD, '7 days refrigerated', '1 day'],
  ['LIPASE', 'Lipase', '3040-3', '83690', 'serum', COLD, '7 days refrigerated', '1 day'],
  ['CHOL', 'Cholesterol, total', '2093-3', '82465', 'serum', COLD, '7 days refrigerated', '1 day', { questions: [FASTING_OPTIONAL] }],
  ['HDL', 'HDL cholesterol', '2085-9', '83718', 'serum', COLD, '7 days refrigerated', '1 day'],
  ['TRIG', 'Triglycerides', '2571-8', '84478', 'serum', COLD, '7 days refrigerated', '1 day', { questions: [FASTING] }],
  ['LDLD', 'LDL cholesterol, direct', '18262-6', '83721', 'serum', COLD, '7 days refrigerated', '1 day'],
  ['HBA1C', 'Hemoglobin A1c', '4548-4', '83036', 'plasma-edta', COLD, '7 days refrigerated', '1 day'],
  ['FRUC', 'Fructosamine', '15069-8', '82985', 'serum', COLD, '7 days refrigerated', '2 days'],
  ['INSULIN', 'Insulin', '20448-7', '83525', 'serum', FROZEN, '28 days frozen', '2 days', { questions: [FASTING] }],
  ['IRON', 'Iron', '2498-4', '83540', 'serum', COLD, '7 days refrigerated', '1 day', { questions: [FASTING_OPTIONAL] }],
  ['TIBC', 'Iron-binding capacity, total (TIBC)', '2500-7', '83550', 'serum', COLD, '7 days refrigerated', '1 day'],
  ['FERR', 'Ferritin', '2276-4', '82728', 'serum', COLD, '7 days refrigerated', '1 day'],
  ['B12', 'Vitamin B12', '2132-9', '82607', 'serum', COLD, '7 days refrigerated, protected from light', '1–2 days'],
  ['FOLATE', 'Folate, serum', '2284-8', '82746', 'serum', COLD, '7 days refrigerated, protected from light', '1–2 days'],
  ['VITD', 'Vitamin D, 25-hydroxy', '1989-3', '82306', 'serum', COLD, '14 days refrigerated', '1–2 days'],
  ['CRP', 'C-reactive protein', '1988-5', '86140', 'serum', COLD, '7 days refrigerated', '1 day'],
  ['HSCRP', 'C-reactive protein, high sensitivity', '30522-7', '86141', 'serum', COLD, '7 days refrigerated', '1 day'],
  ['HCY', 'Homocysteine', '13965-9', '83090', 'serum', COLD, '7 days refrigerated (separated within 1 hour)', '2 days', { questions: [FASTING_OPTIONAL] }],
  ['BNP', 'B-type natriuretic peptide (BNP)', '30934-4', '83880', 'plasma-edta', COLD, '24 hours refrigerated', '1 day'],
  ['NTBNP', 'NT-proBNP', '33762-6', '83880', 'serum', COLD, '6 days refrigerated', '1 day'],
  ['DIG', 'Digoxin', '10535-3', '80162', 'serum', COLD, '7 days refrigerated', '1 day', { questions: [LAST_DOSE], critical: [null, 2, 'ng/mL'] }],
  ['LITH', 'Lithium', '14334-7', '80178', 'serum', COLD, '7 days refrigerated', '1 day', { questions: [LAST_DOSE], critical: [null, 1.5, 'mmol/L'] }],
  ['UMALB', 'Albumin/creatinine ratio, random urine', '9318-7', '82043;82570', 'urine', COLD, '7 days refrigerated', '1 day'],
  ['UPROT24', 'Protein, 24-hour urine', '2889-4', '84156', 'urine-24h', COLD, '7 days refrigerated', '1–2 days', { questions: [URINE_VOLUME] }],
  ['UCREA', 'Creatinine, random urine', '2161-8', '82570', 'urine', COLD, '7 days refrigerated', '1 day'],
  ['HCGQ', 'hCG, quantitative (pregnancy)', '21198-7', '84702', 'serum', COLD, '7 days refrigerated', '1 day', { questions: [LMP] }],
  ['HCGU', 'hCG, urine, qualitative', '2106-3', '81025', 'urine', COLD, '48 hours refrigerated', 'Same day', { questions: [LMP] }],
  ['TSH', 'Thyroid-stimulating hormone (TSH)', '3016-3', '84443', 'serum', COLD, '7 days refrigerated', '1 day'],
  ['FT4', 'Thyroxine, free (free T4)', '3024-7', '84439', 'serum', COLD, '7 days refrigerated', '1 day'],
  ['T4', 'Thyroxine, total (T4)', '3026-2', '84436', 'serum', COLD, '7 days refrigerated', '1 day'],
  ['FT3', 'Triiodothyronine, free (free T3)', '3051-0', '84481', 'serum', COLD, '7 days refrigerated', '1 day'],
  ['T3', 'Triiodothyronine, total (T3)', '3053-6', '84480', 'serum', COLD, '7 days refrigerated', '1 day'],
  ['PSA', 'Prostate-specific antigen (PSA), total', '2857-1', '84153', 'serum', COLD, '5 days refrigerated', '1 day'],
  ['PSAFREE', 'PSA, free and total', '10886-0', '84153;84154', 'serum', FROZEN, '28 days frozen', '2 days'],
  ['PRL', 'Prolactin', '2842-3', '84146', 'serum', COLD, '7 days refrigerated', '1 day'],
  ['FSH', 'Follicle-stimulating hormone (FSH)', '15067-2', '83001', 'serum', COLD, '7 days refrigerated', '1 day', { questions: [LMP] }],
  ['LH', 'Luteinizing hormone (LH)', '10501-5', '83002', 'serum', COLD, '7 days refrigerated', '1 day', { questions: [LMP] }],
  ['E2', 'Estradiol', '2243-4', '82670', 'serum', COLD, '7 days refrigerated', '1–2 days', { questions: [LMP] }],
  ['TESTO', 'Testosterone, total', '2986-8', '84403', 'serum', COLD, '7 days refrigerated', '1–2 days', { questions: [COLLECTION_TIME] }],
  ['CORT', 'Cortisol', '2143-6', '82533', 'serum', COLD, '7 days refrigerated', '1 day', { questions: [COLLECTION_TIME] }],
  ['PTH', 'Parathyroid hormone, intact', '2731-8', '83970', 'plasma-edta', FROZEN, '28 days frozen', '2 days'],
  ['CEA', 'Carcinoembryonic antigen (CEA)', '2039-6', '82378', 'serum', COLD, '7 days refrigerated', '1–2 days'],
  ['AFP', 'Alpha-fetoprotein (AFP), tumor marker', '1834-1', '82105', 'serum', COLD, '7 days refrigerated', '1–2 days'],
  ['CA125', 'Cancer antigen 125 (CA-125)', '10334-1', '86304', 'serum', COLD, '5 days refrigerated', '1–2 days'],
  ['LEAD', 'Lead, blood', '5671-3', '83655', 'whole-blood', COLD, '14 days refrigerated', '3–5 days'],
  ['RF', 'Rheumatoid factor', '11572-5', '86431', 'serum', COLD, '7 days refrigerated', '1–2 days'],
  // Hematology and coagulation
  ['CBCD', 'CBC with differential', '57021-8', '85025', 'plasma-edta', ROOM, '24 hours at room temperature, 48 hours refrigerated', 'Same day'],
  ['CBC', 'CBC without differential', '58410-2', '85027', 'plasma-edta', ROOM, '24 hours at room temperature, 48 hours refrigerated', 'Same day'],
  ['HGB', 'Hemoglobin', '718-7', '85018', 'plasma-edta', ROOM, '48 hours refrigerated', 'Same day', { critical: [7, 20, 'g/dL'] }],
  ['HCT', 'Hematocrit', '4544-3', '85014', 'plasma-edta', ROOM, '48 hours refrigerated', 'Same day'],
  ['PLT', 'Platelet count', '777-3', '85049', 'plasma-edta', ROOM, '24 hours at room temperature', 'Same day', { critical: [20, 1000, '10*3/uL'] }],
  ['WBC', 'White blood cell count', '6690-2', '85048', 'plasma-edta', ROOM, '48 hours refrigerated', 'Same day', { critical: [1.5, 50, '10*3/uL'] }],
  ['RETIC', 'Reticulocyte count', '4679-7', '85045', 'plasma-edta', COLD, '72 hours refrigerated', '1 day'],
  ['ESR', 'Sedimentation rate, Westergren (ESR)', '4537-7', '85652', 'plasma-edta', ROOM, '24 hours at room temperature', 'Same day'],
  ['PTINR', 'Prothrombin time with INR', '6301-6', '85610', 'plasma-citrate', ROOM, '24 hours at room temperature, unopened', 'Same day', { questions: [ANTICOAGULANT], critical: [null, 5, 'INR'] }],
  ['PTT', 'Partial thromboplastin time, activated (aPTT)', '3173-2', '85730', 'plasma-citrate', ROOM, '4 hours at room temperature', 'Same day', { questions: [ANTICOAGULANT], critical: [null, 100, 's'] }],
  ['FIB', 'Fibrinogen', '3255-7', '85384', 'plasma-citrate', FROZEN, '30 days frozen (plasma)', '1 day', { critical: [100, null, 'mg/dL'] }],
  ['DDIMER', 'D-dimer, quantitative', '48065-7', '85379', 'plasma-citrate', FROZEN, '30 days frozen (plasma)', 'Same day'],
  ['ABORH', 'ABO group and Rh type', '882-1', '86900;86901', 'plasma-edta', COLD, '7 days refrigerated', '1 day', { questions: [PREGNANT] }],
  // Urine
  ['UA', 'Urinalysis, complete, with microscopy', '24357-6', '81001', 'urine', COLD, '24 hours refrigerated', 'Same day'],
  ['UADIP', 'Urinalysis, dipstick only', null, '81003', 'urine', COLD, '24 hours refrigerated', 'Same day'],
  ['UDS', 'Drug screen, urine, presumptive', null, '80307', 'urine', COLD, '7 days refrigerated', '1 day', { questions: [{ code: 'MEDS', text: 'Current medications', type: 'text', required: false, choices: [] }] }],
  // Microbiology and infectious disease
  ['UCX', 'Urine culture', '630-4', '87086', 'urine', COLD, '48 hours refrigerated', '2–3 days', { questions: [source('Clean-catch urine', 'Catheterized urine', 'Indwelling catheter urine')] }],
  ['THRCX', 'Throat culture, group A streptococcus', '626-2', '87081', 'swab', ROOM, '48 hours at room temperature', '2 days'],
  ['STREPA', 'Strep A antigen, rapid', '11268-0', '87880', 'swab', ROOM, '72 hours at room temperature', 'Same day'],
  ['BCX', 'Blood culture', '600-7', '87040', 'blood-culture', ROOM, 'Do not refrigerate; deliver within 24 hours', '5 days', { questions: [source('Peripheral venipuncture', 'Central line', 'Arterial line')] }],
  ['STOOLCX', 'Stool culture', '625-4', '87045', 'stool', COLD, '72 hours refrigerated', '3 days'],
  ['CTNG', 'Chlamydia trachomatis and Neisseria gonorrhoeae, NAA', null, '87491;87591', 'swab', ROOM, '30 days at room temperature', '1–2 days', { questions: [SWAB_SOURCES] }],
  ['HIVAGAB', 'HIV-1/2 antigen and antibodies, 4th generation', '56888-1', '87389', 'serum', COLD, '7 days refrigerated', '1 day'],
  ['HCVAB', 'Hepatitis C virus antibody', '13955-0', '86803', 'serum', COLD, '7 days refrigerated', '1 day'],
  ['HBSAG', 'Hepatitis B surface antigen', '5196-1', '87340', 'serum', COLD, '7 days refrigerated', '1 day'],
  ['HBSAB', 'Hepatitis B surface antibody', '16935-9', '86706', 'serum', COLD, '7 days refrigerated', '1 day'],
  ['HAVM', 'Hepatitis A antibody, IgM', '13950-1', '86709', 'serum', COLD, '7 days refrigerated', '1 day'],
  ['HBCM', 'Hepatitis B core antibody, IgM', '31204-1', '86705', 'serum', COLD, '7 days refrigerated', '1 day'],
  ['RPR', 'RPR (syphilis) with reflex titer', '20507-0', '86592', 'serum', COLD, '7 days refrigerated', '1 day'],
  ['HPVHR', 'HPV, high-risk types, NAA', '21440-3', '87624', 'swab', ROOM, '6 weeks at room temperature', '3–5 days', { questions: [LMP_REQUIRED, source('Cervical (liquid-based cytology vial)', 'Vaginal swab')] }],
  ['SARS2', 'SARS-CoV-2 RNA, NAA', '94500-6', '87635', 'swab', COLD, '72 hours refrigerated', '1 day', { questions: [SYMPTOMATIC] }],
  ['HPYLAG', 'Helicobacter pylori antigen, stool', null, '87338', 'stool', COLD, '72 hours refrigerated', '1–2 days'],
  ['FIT', 'Fecal immunochemical test (FIT)', null, '82274', 'stool', ROOM, '15 days at room temperature', '1–2 days'],
  ['MONO', 'Infectious mononucleosis screen', null, '86308', 'serum', COLD, '7 days refrigerated', '1 day'],
  ['QFT', 'Tuberculosis, interferon-gamma release assay', null, '86480', 'plasma-heparin', ROOM, '16 hours at room temperature before processing', '2–3 days'],
  ['VZVG', 'Varicella-zoster virus antibody, IgG', null, '86787', 'serum', COLD, '7 days refrigerated', '2 days'],
  // A test the laboratory no longer offers (kept for old orders).
  ['BLEED', 'Bleeding time (discontinued)', null, '85002', 'plasma-citrate', ROOM, 'Performed at the bedside', 'Same day', { active: false }],
];

export function demoCompendium(): CompendiumTest[] {
  return ROWS.map(([code, name, loinc, cpt, specimen, temperature, stability, turnaround, options = {}]) => {
    const kind = SPECIMENS[specimen];
    const members = options.members ?? [];
    return {
      code,
      name,
      loinc,
      specimen_type: kind.type,
      container: kind.container,
      volume: options.volume ?? kind.volume,
      transport_temperature: temperature,
      stability,
      cpt_codes: cpt === '' ? [] : cpt.split(';'),
      turnaround,
      is_panel: members.length > 0,
      panel_members: members,
      active: options.active ?? true,
      questions: options.questions ?? [],
      critical_range: options.critical ? { low: options.critical[0], high: options.critical[1], unit: options.critical[2] } : null,
    };
  });
}
