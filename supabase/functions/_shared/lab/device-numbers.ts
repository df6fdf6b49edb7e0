// Numbers people read aloud that a device makes offline: lab patient ids (`P-…`) and
// requisition numbers (`R-…`). Each is `<prefix>-<device>-<counter>`: the device number
// the server gave that device once at sign-in (claim_device_number, an identity column,
// never given twice) in Crockford base 32, and the device's own counter, which only goes up
// (src/db/protected/device-sequence.ts). Two devices never share a device number and one
// device never repeats a counter, so no two records can get the same number, offline or not;
// the server's unique index is the backstop. Pure: the app makes them, the server functions
// read them (the HL7 placer order number is the requisition number).

/** Crockford's base-32 digits: no I, L, O or U, so a number read aloud is not misheard. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function crockfordBase32(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`Not a device number: ${value}`);
  let rest = value;
  let text = '';
  do {
    text = CROCKFORD[rest % 32] + text;
    rest = Math.floor(rest / 32);
  } while (rest > 0);
  return text;
}

function deviceNumber(prefix: string, device: number, counter: number): string {
  if (!Number.isSafeInteger(counter) || counter < 1) throw new RangeError(`Not a device counter: ${counter}`);
  return `${prefix}-${crockfordBase32(device)}-${String(counter).padStart(4, '0')}`;
}

/** `P-<device>-<counter>`: a lab patient id. */
export function labPatientId(device: number, counter: number): string {
  return deviceNumber('P', device, counter);
}

/** `R-<device>-<counter>`: a requisition number (the order's number on paper, labels and HL7). */
export function requisitionNumber(device: number, counter: number): string {
  return deviceNumber('R', device, counter);
}

const REQUISITION = /^R-[0-9A-HJKMNP-TV-Z]+-[0-9]{4,}$/;

/** True for a requisition number of the shape the server accepts (the orders table's check). */
export function isRequisitionNumber(text: string): boolean {
  return REQUISITION.test(text);
}
