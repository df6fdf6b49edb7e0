/**
 * The import of one data set: what file it takes, the version in use, the file and the
 * release name, then Check file (the report of what would change) and Import.
 */
import { Alert, Box, Button, Card, HStack, Input, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Field } from '../../components/ui/field.tsx';
import { reportChangesSomething } from '../../lib/lab/import-diff.ts';
import type { ReferenceDataSetName } from '../../lib/lab/reference-types.ts';
import type { ReferenceSetInfo } from '../../lib/reference/index.ts';
import { ImportReportView } from './import-report-view.tsx';
import { IMPORT_TEXTS } from './import-texts.ts';
import { useReferenceImport } from './use-reference-import.ts';
import { VersionLine } from './version-line.tsx';
import { FileDropZone } from '../../components/form/file-drop-zone.tsx';

export function ImportCard({ dataSet, info, online }: { dataSet: ReferenceDataSetName; info: ReferenceSetInfo | null; online: boolean }) {
  const text = IMPORT_TEXTS[dataSet];
  const { state, check, apply, reset } = useReferenceImport(dataSet, text.kind);
  const [file, setFile] = useState<File | null>(null);
  const [release, setRelease] = useState('');
  const [mode, setMode] = useState<'update' | 'release'>(dataSet === 'icd10cm' ? 'release' : 'update');
  const [inputKey, setInputKey] = useState(0);
  const busy = state.phase === 'checking' || state.phase === 'importing';
  const canApply = state.phase === 'checked' && state.report !== null && reportChangesSomething(state.report);

  function startOver() {
    reset();
    setFile(null);
    setInputKey((key) => key + 1);
  }

  return (
    <Card.Root variant="outline" data-testid={`import-${dataSet}`}>
      <Card.Header>
        <Card.Title as="h2">{text.title}</Card.Title>
        <Card.Description>{text.description}</Card.Description>
        <VersionLine info={info} />
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <Stack direction={{ base: 'column', md: 'row' }} gap="4">
            <Field label="File" required flex="1">
              <FileDropZone
                key={inputKey}
                accept={text.accept}
                formats={text.kind === 'csv' ? 'A CSV file (.csv)' : 'A text file (.txt)'}
                chosen={file?.name ?? null}
                onFile={(chosen) => {
                  setFile(chosen);
                  if (state.phase !== 'idle') reset();
                }}
              />
            </Field>
            <Field label="Release name" required flex="1" helperText="What the new version is called on every device.">
              <Input value={release} placeholder={text.releasePlaceholder} maxLength={100} onChange={(event) => setRelease(event.target.value)} />
            </Field>
          </Stack>
          {dataSet === 'icd10cm' && (
            <RadioGroup.Root value={mode} onValueChange={(details) => setMode(details.value === 'update' ? 'update' : 'release')} aria-label="Kind of import">
              <Stack gap="1">
                <RadioGroup.Item value="release">
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>The whole annual release: codes it does not list are removed</RadioGroup.ItemText>
                </RadioGroup.Item>
                <RadioGroup.Item value="update">
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>An update: add and change codes, remove none</RadioGroup.ItemText>
                </RadioGroup.Item>
              </Stack>
            </RadioGroup.Root>
          )}
          {!online && <Text color="fg.warning">Importing needs a connection: this device is offline.</Text>}
          <HStack gap="2" wrap="wrap">
            <Button
              variant="outline"
              disabled={!file || release.trim() === '' || busy || !online}
              loading={state.phase === 'checking'}
              loadingText="Checking…"
              onClick={() => file && void check(file, release.trim(), mode)}
            >
              Check file
            </Button>
            <Button disabled={!canApply || busy || !online} loading={state.phase === 'importing'} loadingText="Importing…" onClick={() => void apply(release.trim(), mode)}>
              Import
            </Button>
            {state.phase === 'done' && (
              <Button variant="ghost" onClick={startOver}>
                Import another file
              </Button>
            )}
          </HStack>
          {state.error && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{state.error}</Alert.Title>
            </Alert.Root>
          )}
          {state.report && (
            <Box>
              <ImportSummary phase={state.phase} applied={state.applied} version={state.version} blocked={state.report.blocked} changes={reportChangesSomething(state.report)} refused={state.report.counts.refused} />
              <ImportReportView report={state.report} label={`${text.title} import report`} />
            </Box>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function ImportSummary(props: { phase: string; applied: boolean; version: number | null; blocked: string | null; changes: boolean; refused: number }) {
  let message: string;
  let status: 'info' | 'success' | 'warning' | 'error' = 'info';
  if (props.blocked) {
    message = `This file cannot be imported, and nothing changes: ${props.blocked}`;
    status = 'error';
  } else if (props.phase === 'done') {
    message = props.applied ? `Imported: version ${props.version} is published, and devices fetch it when they next start online.` : 'Nothing was imported: every row is unchanged or refused.';
    status = props.applied ? 'success' : 'warning';
  } else if (!props.changes) {
    message = 'Nothing to import: every row is unchanged or refused.';
    status = 'warning';
  } else {
    message = `Checked against version ${props.version}. ${props.refused > 0 ? `Import applies the rows below and skips the ${props.refused === 1 ? 'refused row' : `${props.refused} refused rows`}.` : 'Import applies the rows below.'}`;
  }
  return (
    <Alert.Root status={status} mb="3" data-testid="import-summary">
      <Alert.Indicator />
      <Alert.Title whiteSpace="normal">{message}</Alert.Title>
    </Alert.Root>
  );
}
