/** The manage page when the organization cannot be found, or could not be loaded. */
import { RecordNotFound } from '../../../components/record-not-found.tsx';
import { ORGANIZATION_PATHS } from '../model/organization-paths.ts';
import { ORGANIZATION_LOAD_FAILED, ORGANIZATION_NOT_FOUND_TEXT, ORGANIZATION_NOT_FOUND_TITLE, RETURN_TO_ORGANIZATIONS } from '../model/organization-texts.ts';

export function OrganizationNotFound({ failed = false }: { failed?: boolean }) {
  return (
    <RecordNotFound
      failed={failed}
      title={ORGANIZATION_NOT_FOUND_TITLE}
      text={ORGANIZATION_NOT_FOUND_TEXT}
      loadFailed={ORGANIZATION_LOAD_FAILED}
      back={{ label: RETURN_TO_ORGANIZATIONS, to: ORGANIZATION_PATHS.list }}
      testId="organization-not-found"
    />
  );
}
