/**
 * The verify-npi call (spec §7): a POST with a JSON body {npi, type} (and sole_proprietor
 * true when a sole proprietor is added) and the user's bearer token; a non-OK status is an
 * error. A 200 whose `error` is set is an error too; a 200 with validation_errors is a
 * result the page shows as 'Validation Issue'.
 */
import { failure, invokeFunction, type CallOptions, type FunctionCallResult, type FunctionsInvoker } from './invoke.ts';
import type { NpiType, NpiVerificationResult } from './types.ts';

export async function verifyNpi(
  invoker: FunctionsInvoker,
  input: { npi: string; type?: NpiType; soleProprietor?: boolean },
  options: CallOptions = {},
): Promise<FunctionCallResult<NpiVerificationResult>> {
  const body = { npi: input.npi.trim(), type: input.type ?? 'individual', ...(input.soleProprietor ? { sole_proprietor: true } : {}) };
  const answer = await invokeFunction(invoker, 'verify-npi', body, options);
  if (!answer.ok) return answer;
  if (!isNpiResult(answer.data)) {
    return failure('permanent', 200, null, 'The verify-npi function returned an unexpected answer.');
  }
  if (answer.data.error) return failure('permanent', 200, null, answer.data.error);
  return { ok: true, data: answer.data };
}

function isNpiResult(value: unknown): value is NpiVerificationResult {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return Array.isArray(record.validation_errors) && 'legal_name' in record;
}
