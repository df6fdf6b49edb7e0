// HL7 v2.5.1's tables for the fields this product writes and reads, as the standard lists
// them (chapter 2C), for the conformance check in v251-conformance.ts. Test support only:
// the product's own builders never look values up here, so a check against these tables is
// an independent one. Table 0360 is the builders' own (degree.ts), the one exception.
import { DEGREE_TABLE_0360 } from '../degree.ts';

export const TABLES: Readonly<Record<string, readonly string[]>> = {
  '0001': ['A', 'F', 'M', 'N', 'O', 'U'],
  '0003': ['O01', 'O02', 'R01', 'R30', 'R31', 'R32'],
  '0004': ['B', 'C', 'E', 'I', 'N', 'O', 'P', 'R', 'U'],
  '0008': ['AA', 'AE', 'AR', 'CA', 'CE', 'CR'],
  '0027': ['A', 'P', 'R', 'S', 'T'],
  '0038': ['A', 'CA', 'CM', 'DC', 'ER', 'HD', 'IP', 'RP', 'SC'],
  '0052': ['A', 'F', 'W'],
  '0061': ['ISO', 'M10', 'M11', 'NPI'],
  '0063': ['ASC', 'BRO', 'CGV', 'CHD', 'DEP', 'DOM', 'EMC', 'EME', 'EMR', 'EXF', 'FCH', 'FND', 'FTH', 'GCH', 'GRD', 'GRP', 'MGR', 'MTH', 'NCH', 'NON', 'OAD', 'OTH', 'OWN', 'PAR', 'SCH', 'SEL', 'SIB', 'SIS', 'SPO', 'TRA', 'UNK', 'WRD'],
  '0065': ['A', 'G', 'L', 'O', 'P', 'R', 'S'],
  '0076': ['ACK', 'ORM', 'ORR', 'ORU', 'OML', 'ORL'],
  '0078': ['<', '>', 'A', 'AA', 'B', 'D', 'H', 'HH', 'I', 'L', 'LL', 'MS', 'N', 'R', 'S', 'U', 'VS', 'W'],
  '0085': ['C', 'D', 'F', 'I', 'N', 'O', 'P', 'R', 'S', 'U', 'W', 'X'],
  '0103': ['D', 'P', 'T'],
  '0104': ['2.0', '2.0D', '2.1', '2.2', '2.3', '2.3.1', '2.4', '2.5', '2.5.1'],
  '0105': ['L', 'O', 'P'],
  '0119': ['AF', 'CA', 'CH', 'CN', 'CR', 'DC', 'DE', 'DF', 'DR', 'FU', 'HD', 'HR', 'LI', 'NA', 'NW', 'OC', 'OD', 'OE', 'OF', 'OH', 'OK', 'OP', 'OR', 'PA', 'PR', 'PY', 'RE', 'RF', 'RL', 'RO', 'RP', 'RQ', 'RR', 'RU', 'SC', 'SN', 'SR', 'SS', 'UA', 'UC', 'UD', 'UF', 'UH', 'UM', 'UN', 'UR', 'UX', 'XO', 'XR', 'XX'],
  '0123': ['A', 'C', 'F', 'I', 'O', 'P', 'R', 'S', 'X', 'Y', 'Z'],
  '0125': ['AD', 'CE', 'CF', 'CK', 'CN', 'CP', 'CX', 'DT', 'ED', 'FT', 'MO', 'NM', 'PN', 'RP', 'SN', 'ST', 'TM', 'TN', 'TS', 'TX', 'XAD', 'XCN', 'XON', 'XPN', 'XTN'],
  '0136': ['N', 'Y'],
  '0155': ['AL', 'ER', 'NE', 'SU'],
  '0190': ['B', 'BA', 'BDL', 'BR', 'C', 'F', 'H', 'L', 'M', 'N', 'O', 'P', 'RH'],
  '0191': ['AP', 'AU', 'FT', 'IM', 'multipart', 'NS', 'SD', 'SI', 'TEXT', 'TX'],
  '0200': ['A', 'B', 'C', 'D', 'I', 'L', 'M', 'N', 'P', 'R', 'S', 'T', 'U'],
  '0201': ['ASN', 'BPN', 'EMR', 'NET', 'ORN', 'PRN', 'VHN', 'WPN'],
  '0202': ['BP', 'CP', 'FX', 'Internet', 'MD', 'PH', 'TDD', 'TTY', 'X.400'],
  '0203': [
    'AM', 'AN', 'ANC', 'AND', 'ANON', 'ANT', 'APRN', 'BA', 'BC', 'BR', 'BRN', 'CC', 'CY', 'DDS', 'DEA', 'DFN', 'DI', 'DL', 'DN', 'DO', 'DPM', 'DR', 'DS', 'EI', 'EN',
    'FI', 'GI', 'GL', 'GN', 'HC', 'IND', 'JHN', 'LI', 'LN', 'LR', 'MA', 'MB', 'MC', 'MCD', 'MCN', 'MCR', 'MD', 'MI', 'MR', 'MRT', 'MS', 'NE', 'NH', 'NI', 'NII',
    'NIIP', 'NP', 'NPI', 'OD', 'PA', 'PCN', 'PE', 'PEN', 'PI', 'PN', 'PNT', 'PPN', 'PRC', 'PRN', 'PT', 'QA', 'RI', 'RN', 'RPH', 'RR', 'RRI', 'SL', 'SN', 'SR', 'SS',
    'TAX', 'TN', 'U', 'UPIN', 'VN', 'VS', 'WC', 'WCN', 'XX',
  ],
  '0207': ['A', 'I', 'R', 'T'],
  '0211': ['8859/1', '8859/2', '8859/3', '8859/4', '8859/5', '8859/6', '8859/7', '8859/8', '8859/9', 'ASCII', 'BIG-5', 'CNS 11643-1992', 'GB 18030-2000', 'ISO IR14', 'ISO IR159', 'ISO IR87', 'KS X 1001', 'UNICODE', 'UNICODE UTF-16', 'UNICODE UTF-32', 'UNICODE UTF-8', '8859/15'],
  '0291': ['BASIC', 'DICOM', 'FAX', 'GIF', 'HTML', 'JOT', 'JPEG', 'Octet-stream', 'PICT', 'PostScript', 'RTF', 'SGML', 'TIFF', 'x-hl7-cda-level-one', 'XML'],
  '0299': ['A', 'Base64', 'Hex'],
  '0301': ['DNS', 'GUID', 'HCD', 'HL7', 'ISO', 'L', 'M', 'N', 'Random', 'URI', 'UUID', 'x400', 'x500'],
  '0354': ['ACK', 'ORM_O01', 'ORR_O02', 'ORU_R01', 'ORU_R30', 'OML_O21', 'ORL_O22'],
  '0357': ['0', '100', '101', '102', '103', '200', '201', '202', '203', '204', '205', '206', '207'],
  '0360': DEGREE_TABLE_0360,
  // The coding systems this product and its laboratory use, of the table's list (HL7nnnn and
  // 99zzz by pattern); UCUM for units, as the v2.5.1 laboratory results guide pre-adopts it.
  '0396': ['L', 'LN', 'I10', 'I9C', 'C4', 'C5', 'HCPCS', 'CPTM', 'SNM', 'NPI', 'UPIN', 'ISO+', 'UCUM'],
  '0399': ['USA', 'CAN', 'MEX'],
  '0516': ['E', 'I', 'W'],
};

/** Whether a coding system (CE.3 / CE.6) is one of table 0396, including HL7nnnn and 99zzz. */
export function isCodingSystem(value: string): boolean {
  return (TABLES['0396'] as readonly string[]).includes(value) || /^HL7\d{4}$/.test(value) || /^99[A-Za-z0-9]{3}$/.test(value);
}
