/**
 * The lookup page's optional PECOS check (spec §2): the 'Check PECOS Enrollment Status'
 * button and, once checked, its result ('PECOS Enrollment Verified' / 'Not Enrolled in
 * PECOS') or failure, in the lookup page's own words (spec §8).
 */
import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { LuShieldCheck } from 'react-icons/lu';
import type { ToastMessage } from '../../../lib/functions/index.ts';
import { LOOKUP_TEXT } from '../shared/flow-texts.ts';
import type { PecosLookup } from './use-pecos-lookup.ts';

const STATUS: Readonly<Record<ToastMessage['type'], 'success' | 'warning' | 'error' | 'info'>> = {
  success: 'success',
  warning: 'warning',
  error: 'error',
  info: 'info',
};

export function PecosStatus({ pecos, online }: { pecos: PecosLookup; online: boolean }) {
  const message = pecos.outcome?.message ?? null;
  return (
    <Stack gap="3" data-testid="pecos-lookup">
      <Stack gap="1">
        <Text fontWeight="semibold">Medicare enrollment (optional)</Text>
        <Text color="fg.muted" fontSize="sm">
          Labs bill Medicare only for tests ordered by providers enrolled in PECOS. The check reads the CMS data and saves nothing.
        </Text>
      </Stack>
      <div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void pecos.check()}
          loading={pecos.checking}
          loadingText={LOOKUP_TEXT.checkingPecos}
          disabled={!online || pecos.checking}
        >
          <LuShieldCheck aria-hidden /> {LOOKUP_TEXT.checkPecos}
        </Button>
      </div>
      {message && (
        <Alert.Root status={STATUS[message.type]} data-testid="pecos-lookup-result" role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{message.title}</Alert.Title>
            <Alert.Description>{message.description}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
    </Stack>
  );
}
