// HL7 v2 for the laboratory link: build orders (ORM^O01) and cancellations, read results
// (ORU^R01), build and read acknowledgements. See docs/integrations.md for the messages'
// contents and the exactly-once rules. Everything throws Hl7Error for input it refuses.
export { buildAck, markDuplicate, parseAck, type AckCode, type AckError, type AckOptions, type ParsedAck, type Severity } from './ack.ts';
export { base64ToBytes, bytesToBase64 } from './base64.ts';
export { formatHl7Date, formatHl7Time, parseHl7Date, parseHl7Time } from './datetime.ts';
export { ERROR_CODES, Hl7Error, type ErrorCode } from './errors.ts';
export { HL7_VERSION, MAX_CONTROL_ID_LENGTH, parseMessage, type Endpoint, type ParsedMessage, type ProcessingId } from './message.ts';
export { ABN_OBSERVATION_CODE, buildCancel, buildOrm, controlIdFor, FASTING_LOINC, type OrderEvent } from './orm.ts';
export { parseOrm, type ReceivedOrder, type ReceivedTest } from './orm-parse.ts';
export { buildOru, type ObservationInput, type OruInput, type ResultOrderInput } from './oru-build.ts';
export { parseOru } from './oru-parse.ts';
export type * from './order-types.ts';
export * from './result-types.ts';
