/** The manage page when the provider cannot be found (spec §2), or could not be loaded (spec §8). */
import { RecordNotFound } from '../../../components/record-not-found.tsx';
import { PROVIDER_LOAD_FAILED, PROVIDER_NOT_FOUND_TEXT, PROVIDER_NOT_FOUND_TITLE, RETURN_TO_PROVIDERS } from '../model/provider-texts.ts';

export function ProviderNotFound({ failed = false }: { failed?: boolean }) {
  return (
    <RecordNotFound
      failed={failed}
      title={PROVIDER_NOT_FOUND_TITLE}
      text={PROVIDER_NOT_FOUND_TEXT}
      loadFailed={PROVIDER_LOAD_FAILED}
      back={{ label: RETURN_TO_PROVIDERS, to: '/providers' }}
      testId="provider-not-found"
    />
  );
}
