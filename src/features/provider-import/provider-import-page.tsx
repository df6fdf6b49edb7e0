/**
 * The bulk import page (/providers/import, issue 33): choose a CSV of NPIs; the import
 * kept on this device is shown (and resumed) whenever the page opens.
 */
import { Alert, Card, Spinner, Stack } from '@chakra-ui/react';
import { PageHeader } from '../../components/page-header.tsx';
import { Field } from '../../components/ui/field.tsx';
import { useSyncStore } from '../../stores/sync-store.ts';
import { ImportJobView } from './components/import-job-view.tsx';
import { useImportJob } from './data/use-import-job.ts';
import { IMPORT_TEXTS } from './model/import-job.ts';
import { FileDropZone } from '../../components/form/file-drop-zone.tsx';

export function ProviderImportPage() {
  const controls = useImportJob();
  const { job } = controls;
  // The file's rows are checked against the directory on this device: it must have synced once.
  const synced = useSyncStore((state) => state.firstSync.done);
  return (
    <Stack gap="4">
      <PageHeader title={IMPORT_TEXTS.title} description={IMPORT_TEXTS.description} />
      {job === undefined && <Spinner aria-label="Loading the import" />}
      {job === null && (
        <Card.Root variant="outline">
          <Card.Body>
            <Stack gap="3">
              <Field label={IMPORT_TEXTS.fileLabel} helperText={synced ? undefined : 'Waiting for the directory to finish its first sync on this device…'}>
                <FileDropZone accept=".csv,text/csv" formats="A CSV file (.csv) of at most 1,000 rows" disabled={!synced} onFile={(file) => void controls.readFile(file)} />
              </Field>
              {controls.fileError && (
                <Alert.Root status="error" role="alert">
                  <Alert.Indicator />
                  <Alert.Title>{controls.fileError}</Alert.Title>
                </Alert.Root>
              )}
            </Stack>
          </Card.Body>
        </Card.Root>
      )}
      {job && <ImportJobView job={job} controls={controls} />}
    </Stack>
  );
}
