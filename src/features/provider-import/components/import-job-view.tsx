/**
 * An import under way: what the file holds, the organization for rows without an account
 * number, Import / Pause / Resume, the progress bar (announced), the report to download,
 * and every row with its problems.
 */
import { Alert, Button, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { SelectField } from '../../../components/form/select-field.tsx';
import { organizationsByName } from '../../../db/index.ts';
import { useLiveQuery } from '../../../lib/local-data/use-live-query.ts';
import type { ImportJobControls } from '../data/use-import-job.ts';
import { creationProgress, IMPORT_TEXTS, jobCounts, reportCsv, type ImportJob } from '../model/import-job.ts';
import { ImportRowsTable } from './import-rows-table.tsx';

function downloadReport(job: ImportJob) {
  const url = URL.createObjectURL(new Blob([reportCsv(job)], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `import-report_${job.file_name.replace(/\.csv$/i, '')}.csv`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function ImportJobView({ job, controls }: { job: ImportJob; controls: ImportJobControls }) {
  const counts = jobCounts(job);
  const progress = creationProgress(job);
  const needsOrganization = job.rows.some((row) => row.status === 'ready' && !row.organization_id);
  const organizations = useLiveQuery('import-organizations', (db) => organizationsByName(db, { activeOnly: true }).$, 'organizations');
  const options = organizations.status === 'ready' ? organizations.value.map((doc) => ({ value: doc.id, label: doc.legal_name })) : [];
  const canImport = job.phase === 'preview' && counts.ready > 0 && (!needsOrganization || job.default_organization_id !== null);

  return (
    <Stack gap="4">
      <Text aria-live="polite" data-testid="import-summary">
        {job.file_name}: {counts.total} rows, {counts.ready} ready, {counts.rejected} with problems
        {counts.pending > 0 ? `, ${counts.pending} waiting for NPPES` : ''}
        {counts.created > 0 ? `, ${counts.created} created` : ''}
        {counts.failed > 0 ? `, ${counts.failed} failed` : ''}.
      </Text>
      {job.phase === 'lookup' && !controls.online && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{IMPORT_TEXTS.offlineLookup}</Alert.Title>
        </Alert.Root>
      )}
      {job.phase === 'preview' && needsOrganization && (
        <SelectField
          label="Organization for rows without an account number"
          required
          value={job.default_organization_id ?? ''}
          placeholder="Choose an organization"
          options={options}
          onChange={(value) => void controls.setDefaultOrganization(value === '' ? null : value)}
        />
      )}
      {(job.phase === 'importing' || job.phase === 'paused' || job.phase === 'done') && (
        <Stack gap="1">
          <Progress.Root value={progress.of === 0 ? 100 : Math.round((progress.done / progress.of) * 100)} aria-label="Import progress">
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          <Text role="status" aria-live="polite" data-testid="import-progress">
            {job.phase === 'done' ? 'Import finished' : job.phase === 'paused' ? 'Paused' : 'Importing'}: {progress.done} of {progress.of} rows done ({counts.created} created
            {counts.failed > 0 ? `, ${counts.failed} failed` : ''}).
          </Text>
        </Stack>
      )}
      <HStack gap="2" wrap="wrap">
        {job.phase === 'preview' && (
          <Button disabled={!canImport} onClick={() => void controls.setPhase('importing')}>
            Import {counts.ready} providers
          </Button>
        )}
        {job.phase === 'importing' && (
          <Button variant="outline" onClick={() => void controls.setPhase('paused')}>
            Pause
          </Button>
        )}
        {job.phase === 'paused' && <Button onClick={() => void controls.setPhase('importing')}>Resume</Button>}
        <Button variant="outline" onClick={() => downloadReport(job)}>
          Download report
        </Button>
        {job.phase !== 'importing' && (
          <Button variant="ghost" onClick={() => void controls.discard()}>
            {job.phase === 'done' ? 'Import another file' : 'Cancel this import'}
          </Button>
        )}
      </HStack>
      <ImportRowsTable rows={job.rows} />
    </Stack>
  );
}
