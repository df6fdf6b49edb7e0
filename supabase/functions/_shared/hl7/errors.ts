// The one error every HL7 function throws for input it cannot accept: a message that does
// not parse or lacks what is required, or a typed input that cannot become a valid message.
// `location` names the place (e.g. "OBX[3]-5", "MSH-10", "tests[1].code") so a receiver's
// AE text and a developer's log both say exactly what is wrong; `condition` is the HL7 table
// 0357 code a receiver puts in its ERR segment.

/** HL7 table 0357 message error condition codes. */
export const ERROR_CODES = {
  '0': 'Message accepted',
  '100': 'Segment sequence error',
  '101': 'Required field missing',
  '102': 'Data type error',
  '103': 'Table value not found',
  '200': 'Unsupported message type',
  '201': 'Unsupported event code',
  '202': 'Unsupported processing id',
  '203': 'Unsupported version id',
  '204': 'Unknown key identifier',
  '205': 'Duplicate key identifier',
  '206': 'Application record locked',
  '207': 'Application internal error',
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

export class Hl7Error extends Error {
  constructor(
    message: string,
    /** Where the problem is: "SEG[n]-field" in a message, a property path in a typed input. */
    readonly location: string | null = null,
    /** The HL7 table 0357 condition: 101 missing, 102 data type, 103 table value, … */
    readonly condition: ErrorCode = '207',
  ) {
    super(location ? `${location}: ${message}` : message);
    this.name = 'Hl7Error';
  }
}
