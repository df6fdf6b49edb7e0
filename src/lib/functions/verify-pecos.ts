/**
 * The verify-pecos call (spec §7): `functions.invoke('verify-pecos', {body: {npi,
 * single_provider: true, skip_db_update}})`; skip_db_update is false on the provider list
 * (the result is saved) and true on the lookup page. An empty result is the error
 * 'No data returned from verify-pecos function'.
 */
import { failure, invokeFunction, type CallOptions, type FunctionCallResult, type FunctionsInvoker } from './invoke.ts';
import type { PecosVerification } from './types.ts';

export const NO_PECOS_DATA = 'No data returned from verify-pecos function';

export async function verifyPecos(
  invoker: FunctionsInvoker,
  input: { npi: string; skipDbUpdate: boolean },
  options: CallOptions = {},
): Promise<FunctionCallResult<PecosVerification>> {
  const answer = await invokeFunction(
    invoker,
    'verify-pecos',
    { npi: input.npi.trim(), single_provider: true, skip_db_update: input.skipDbUpdate },
    options,
  );
  if (!answer.ok) return answer;
  if (!isPecosVerification(answer.data)) return failure('permanent', 200, null, NO_PECOS_DATA);
  return { ok: true, data: answer.data };
}

function isPecosVerification(value: unknown): value is PecosVerification {
  return typeof value === 'object' && value !== null && typeof (value as Record<string, unknown>).verified === 'boolean';
}
