/**
 * A demo subset of ICD-10-CM: common outpatient diagnoses and the header codes above
 * them, enough to order the demo compendium and to try the lab NCDs. Each line is
 * `code|1 billable or 0 header|long description` (code without the dot, as in CMS's order
 * file); short descriptions are the long ones cut to 60 characters, and order numbers
 * follow the code order. A laboratory imports CMS's full annual order file instead
 * (docs/reference-data.md).
 */
import type { Icd10cmCode } from '../../functions/_shared/lab/icd10cm.ts';

const LINES = `
A41|0|Other sepsis
A419|1|Sepsis, unspecified organism
B18|0|Chronic viral hepatitis
B182|1|Chronic viral hepatitis C
B20|1|Human immunodeficiency virus [HIV] disease
C61|1|Malignant neoplasm of prostate
D50|0|Iron deficiency anemia
D500|1|Iron deficiency anemia secondary to blood loss (chronic)
D509|1|Iron deficiency anemia, unspecified
D51|0|Vitamin B12 deficiency anemia
D519|1|Vitamin B12 deficiency anemia, unspecified
D52|0|Folate deficiency anemia
D529|1|Folate deficiency anemia, unspecified
D64|0|Other anemias
D649|1|Anemia, unspecified
D68|0|Other coagulation defects
D685|0|Primary thrombophilia
D6851|1|Activated protein C resistance
D69|0|Purpura and other hemorrhagic conditions
D696|1|Thrombocytopenia, unspecified
D72|0|Other disorders of white blood cells
D7281|0|Decreased white blood cell count
D72819|1|Decreased white blood cell count, unspecified
D7282|0|Elevated white blood cell count
D72829|1|Elevated white blood cell count, unspecified
E03|0|Other hypothyroidism
E038|1|Other specified hypothyroidism
E039|1|Hypothyroidism, unspecified
E04|0|Other nontoxic goiter
E041|1|Nontoxic single thyroid nodule
E042|1|Nontoxic multinodular goiter
E05|0|Thyrotoxicosis [hyperthyroidism]
E0590|1|Thyrotoxicosis, unspecified without thyrotoxic crisis or storm
E0591|1|Thyrotoxicosis, unspecified with thyrotoxic crisis or storm
E06|0|Thyroiditis
E063|1|Autoimmune thyroiditis
E07|0|Other disorders of thyroid
E079|1|Disorder of thyroid, unspecified
E10|0|Type 1 diabetes mellitus
E1065|1|Type 1 diabetes mellitus with hyperglycemia
E109|1|Type 1 diabetes mellitus without complications
E11|0|Type 2 diabetes mellitus
E112|0|Type 2 diabetes mellitus with kidney complications
E1121|1|Type 2 diabetes mellitus with diabetic nephropathy
E1122|1|Type 2 diabetes mellitus with diabetic chronic kidney disease
E1129|1|Type 2 diabetes mellitus with other diabetic kidney complication
E114|0|Type 2 diabetes mellitus with neurological complications
E1140|1|Type 2 diabetes mellitus with diabetic neuropathy, unspecified
E1142|1|Type 2 diabetes mellitus with diabetic polyneuropathy
E115|0|Type 2 diabetes mellitus with circulatory complications
E1151|1|Type 2 diabetes mellitus with diabetic peripheral angiopathy without gangrene
E116|0|Type 2 diabetes mellitus with other specified complications
E1164|0|Type 2 diabetes mellitus with hypoglycemia
E11641|1|Type 2 diabetes mellitus with hypoglycemia with coma
E11649|1|Type 2 diabetes mellitus with hypoglycemia without coma
E1165|1|Type 2 diabetes mellitus with hyperglycemia
E1169|1|Type 2 diabetes mellitus with other specified complication
E118|1|Type 2 diabetes mellitus with unspecified complications
E119|1|Type 2 diabetes mellitus without complications
E13|0|Other specified diabetes mellitus
E139|1|Other specified diabetes mellitus without complications
E55|0|Vitamin D deficiency
E559|1|Vitamin D deficiency, unspecified
E66|0|Overweight and obesity
E663|1|Overweight
E669|1|Obesity, unspecified
E78|0|Disorders of lipoprotein metabolism and other lipidemias
E780|0|Pure hypercholesterolemia
E7800|1|Pure hypercholesterolemia, unspecified
E7801|1|Familial hypercholesterolemia
E781|1|Pure hyperglyceridemia
E782|1|Mixed hyperlipidemia
E784|0|Other hyperlipidemia
E7841|1|Elevated Lipoprotein(a)
E7849|1|Other hyperlipidemia
E785|1|Hyperlipidemia, unspecified
E83|0|Disorders of mineral metabolism
E834|0|Disorders of magnesium metabolism
E8342|1|Hypomagnesemia
E86|0|Volume depletion
E860|1|Dehydration
E87|0|Other disorders of fluid, electrolyte and acid-base balance
E871|1|Hypo-osmolality and hyponatremia
E875|1|Hyperkalemia
E876|1|Hypokalemia
E89|0|Postprocedural endocrine and metabolic complications and disorders, not elsewhere classified
E890|1|Postprocedural hypothyroidism
F17|0|Nicotine dependence
F17210|1|Nicotine dependence, cigarettes, uncomplicated
F31|0|Bipolar disorder
F319|1|Bipolar disorder, unspecified
F32|0|Depressive episode
F32A|1|Depression, unspecified
G47|0|Sleep disorders
G4733|1|Obstructive sleep apnea (adult) (pediatric)
I10|1|Essential (primary) hypertension
I11|0|Hypertensive heart disease
I110|1|Hypertensive heart disease with heart failure
I119|1|Hypertensive heart disease without heart failure
I20|0|Angina pectoris
I209|1|Angina pectoris, unspecified
I25|0|Chronic ischemic heart disease
I251|0|Atherosclerotic heart disease of native coronary artery
I2510|1|Atherosclerotic heart disease of native coronary artery without angina pectoris
I48|0|Atrial fibrillation and flutter
I4891|1|Unspecified atrial fibrillation
I50|0|Heart failure
I509|1|Heart failure, unspecified
I63|0|Cerebral infarction
I639|1|Cerebral infarction, unspecified
I73|0|Other peripheral vascular diseases
I739|1|Peripheral vascular disease, unspecified
J02|0|Acute pharyngitis
J020|1|Streptococcal pharyngitis
J029|1|Acute pharyngitis, unspecified
J06|0|Acute upper respiratory infections of multiple and unspecified sites
J069|1|Acute upper respiratory infection, unspecified
J18|0|Pneumonia, unspecified organism
J189|1|Pneumonia, unspecified organism
J20|0|Acute bronchitis
J209|1|Acute bronchitis, unspecified
J45|0|Asthma
J459|0|Other and unspecified asthma
J4590|0|Unspecified asthma
J45909|1|Unspecified asthma, uncomplicated
K21|0|Gastro-esophageal reflux disease
K219|1|Gastro-esophageal reflux disease without esophagitis
K59|0|Other functional intestinal disorders
K5900|1|Constipation, unspecified
K76|0|Other diseases of liver
K760|1|Fatty (change of) liver, not elsewhere classified
M06|0|Other rheumatoid arthritis
M069|1|Rheumatoid arthritis, unspecified
M10|0|Gout
M109|1|Gout, unspecified
M54|0|Dorsalgia
M545|0|Low back pain
M5450|1|Low back pain, unspecified
M81|0|Osteoporosis without current pathological fracture
M810|1|Age-related osteoporosis without current pathological fracture
N18|0|Chronic kidney disease (CKD)
N181|1|Chronic kidney disease, stage 1
N182|1|Chronic kidney disease, stage 2 (mild)
N183|0|Chronic kidney disease, stage 3 (moderate)
N1830|1|Chronic kidney disease, stage 3 unspecified
N1831|1|Chronic kidney disease, stage 3a
N1832|1|Chronic kidney disease, stage 3b
N184|1|Chronic kidney disease, stage 4 (severe)
N185|1|Chronic kidney disease, stage 5
N189|1|Chronic kidney disease, unspecified
N39|0|Other disorders of urinary system
N390|1|Urinary tract infection, site not specified
N40|0|Benign prostatic hyperplasia
N400|1|Benign prostatic hyperplasia without lower urinary tract symptoms
N401|1|Benign prostatic hyperplasia with lower urinary tract symptoms
N95|0|Menopausal and other perimenopausal disorders
N951|1|Menopausal and female climacteric states
R00|0|Abnormalities of heart beat
R000|1|Tachycardia, unspecified
R03|0|Abnormal blood-pressure reading, without diagnosis
R030|1|Elevated blood-pressure reading, without diagnosis of hypertension
R05|0|Cough
R051|1|Acute cough
R059|1|Cough, unspecified
R07|0|Pain in throat and chest
R0789|1|Other chest pain
R079|1|Chest pain, unspecified
R10|0|Abdominal and pelvic pain
R109|1|Unspecified abdominal pain
R19|0|Other symptoms and signs involving the digestive system and abdomen
R197|1|Diarrhea, unspecified
R31|0|Hematuria
R319|1|Hematuria, unspecified
R35|0|Polyuria
R350|1|Frequency of micturition
R50|0|Fever of other and unknown origin
R509|1|Fever, unspecified
R53|0|Malaise and fatigue
R538|0|Other malaise and fatigue
R5381|1|Other malaise
R5383|1|Other fatigue
R63|0|Symptoms and signs concerning food and fluid intake
R634|1|Abnormal weight loss
R635|1|Abnormal weight gain
R73|0|Elevated blood glucose level
R730|0|Abnormal glucose
R7301|1|Impaired fasting glucose
R7302|1|Impaired glucose tolerance (oral)
R7303|1|Prediabetes
R7309|1|Other abnormal glucose
R739|1|Hyperglycemia, unspecified
R74|0|Abnormal serum enzyme levels
R740|0|Nonspecific elevation of levels of transaminase and lactic acid dehydrogenase [LDH]
R7401|1|Elevation of levels of liver transaminase levels
R7402|1|Elevation of levels of lactic acid dehydrogenase [LDH]
R80|0|Proteinuria
R809|1|Proteinuria, unspecified
R94|0|Abnormal results of function studies
R946|1|Abnormal results of thyroid function studies
R97|0|Abnormal tumor markers
R972|0|Elevated prostate specific antigen [PSA]
R9720|1|Elevated prostate specific antigen [PSA]
R9721|1|Rising PSA following treatment for malignant neoplasm of prostate
U07|0|Emergency use of U07
U071|1|COVID-19
Z00|0|Encounter for general examination without complaint, suspected or reported diagnosis
Z000|0|Encounter for general adult medical examination
Z0000|1|Encounter for general adult medical examination without abnormal findings
Z0001|1|Encounter for general adult medical examination with abnormal findings
Z001|0|Encounter for newborn, infant and child health examinations
Z0012|0|Encounter for routine child health examination
Z00121|1|Encounter for routine child health examination with abnormal findings
Z00129|1|Encounter for routine child health examination without abnormal findings
Z01|0|Encounter for other special examination without complaint, suspected or reported diagnosis
Z014|0|Encounter for gynecological examination
Z0141|0|Encounter for routine gynecological examination
Z01411|1|Encounter for gynecological examination (general) (routine) with abnormal findings
Z01419|1|Encounter for gynecological examination (general) (routine) without abnormal findings
Z018|0|Encounter for other specified special examinations
Z0181|0|Encounter for preprocedural examinations
Z01810|1|Encounter for preprocedural cardiovascular examination
Z01812|1|Encounter for preprocedural laboratory examination
Z01818|1|Encounter for other preprocedural examination
Z02|0|Encounter for administrative examination
Z021|1|Encounter for pre-employment examination
Z11|0|Encounter for screening for infectious and parasitic diseases
Z113|1|Encounter for screening for infections with a predominantly sexual mode of transmission
Z114|1|Encounter for screening for human immunodeficiency virus [HIV]
Z115|0|Encounter for screening for other viral diseases
Z1159|1|Encounter for screening for other viral diseases
Z12|0|Encounter for screening for malignant neoplasms
Z124|1|Encounter for screening for malignant neoplasm of cervix
Z125|1|Encounter for screening for malignant neoplasm of prostate
Z13|0|Encounter for screening for other diseases and disorders
Z131|1|Encounter for screening for diabetes mellitus
Z132|0|Encounter for screening for nutritional, metabolic and other endocrine disorders
Z1322|0|Encounter for screening for metabolic disorder
Z13220|1|Encounter for screening for lipoid disorders
Z136|1|Encounter for screening for cardiovascular disorders
Z20|0|Contact with and (suspected) exposure to communicable diseases
Z208|0|Contact with and (suspected) exposure to other communicable diseases
Z2082|0|Contact with and (suspected) exposure to other viral communicable diseases
Z20822|1|Contact with and (suspected) exposure to COVID-19
Z21|1|Asymptomatic human immunodeficiency virus [HIV] infection status
Z34|0|Encounter for supervision of normal pregnancy
Z349|0|Encounter for supervision of normal pregnancy, unspecified
Z3490|1|Encounter for supervision of normal pregnancy, unspecified, unspecified trimester
Z51|0|Encounter for other aftercare and medical care
Z518|0|Encounter for other specified aftercare
Z5181|1|Encounter for therapeutic drug level monitoring
Z79|0|Long term (current) drug therapy
Z7901|1|Long term (current) use of anticoagulants
Z794|1|Long term (current) use of insulin
Z798|0|Other long term (current) drug therapy
Z7984|1|Long term (current) use of oral hypoglycemic drugs
Z7989|0|Other long term (current) drug therapy
Z79899|1|Other long term (current) drug therapy
Z80|0|Family history of primary malignant neoplasm
Z8042|1|Family history of malignant neoplasm of prostate
Z83|0|Family history of other specific disorders
Z833|1|Family history of diabetes mellitus
Z85|0|Personal history of malignant neoplasm
Z8546|1|Personal history of malignant neoplasm of prostate
`;

/** Short descriptions are at most 60 characters, as in the order file: the long one cut at a word. */
export function shortDescription(long: string): string {
  if (long.length <= 60) return long;
  const cut = long.slice(0, 60);
  return cut.slice(0, cut.lastIndexOf(' ')).replace(/[,(\s]+$/, '');
}

export function demoIcd10cm(): Icd10cmCode[] {
  return LINES.trim()
    .split('\n')
    .map((line) => line.split('|') as [string, string, string])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([code, billable, long], index) => ({ code, billable: billable === '1', short: shortDescription(long), long, order: index + 1 }));
}
