/**
 * The decision on a possible OIG exclusion match (an open `exclusion_possible` alert, issue
 * 33): staff confirm it (the provider or organization is flagged excluded) or say it is
 * not this one, with the reason, which the server keeps and never raises the match again. Online only:
 * the server holds the list; the outcome reaches the device through sync.
 */
import { Button, HStack, Stack, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import type { AlertDoc } from '../../db/index.ts';
import { decisionTexts, EXCLUSION_TEXTS } from '../../lib/exclusions/screening-texts.ts';
import { decideExclusion } from '../../lib/functions/exclusion-review.ts';
import { showToast } from '../show-toast.ts';
import { Field } from '../ui/field.tsx';

export function ExclusionDecision({ alert }: { alert: Readonly<AlertDoc> }) {
  const [busy, setBusy] = useState<'confirm' | 'dismiss' | null>(null);
  const [dismissing, setDismissing] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const texts = decisionTexts(alert.organization_id && !alert.provider_id ? 'organization' : 'provider');

  const decide = async (decision: 'confirm' | 'dismiss') => {
    if (decision === 'dismiss' && reason.trim().length < 3) {
      setError(texts.reasonTooShort);
      return;
    }
    setBusy(decision);
    const { supabase } = await import('../../lib/supabase.ts');
    const answer = await decideExclusion(supabase, alert.id, decision, reason);
    setBusy(null);
    if (!answer.ok) {
      showToast({ title: EXCLUSION_TEXTS.decisionFailed, description: answer.message, type: 'error' });
      return;
    }
    setDismissing(false);
    showToast({ title: decision === 'confirm' ? EXCLUSION_TEXTS.confirmed : EXCLUSION_TEXTS.dismissed, description: answer.data.status === 'excluded' ? texts.flagged : texts.unflagged, type: 'success' });
  };

  if (dismissing) {
    return (
      <Stack gap="2" minW={{ base: '14rem', md: '18rem' }} flexShrink={0}>
        <Field label={texts.reasonLabel} helperText={EXCLUSION_TEXTS.reasonHelp} invalid={!!error} errorText={error}>
          <Textarea
            rows={2}
            value={reason}
            maxLength={500}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setError(null);
            }}
          />
        </Field>
        <HStack gap="2" justify="flex-end">
          <Button size="xs" variant="ghost" onClick={() => setDismissing(false)}>
            Cancel
          </Button>
          <Button size="xs" colorPalette="brand" loading={busy === 'dismiss'} onClick={() => void decide('dismiss')}>
            Dismiss match
          </Button>
        </HStack>
      </Stack>
    );
  }
  return (
    <HStack gap="2" flexShrink={0} wrap="wrap" justify="flex-end">
      <Button size="xs" variant="outline" colorPalette="red" loading={busy === 'confirm'} onClick={() => void decide('confirm')}>
        {EXCLUSION_TEXTS.confirm}
      </Button>
      <Button size="xs" variant="outline" onClick={() => setDismissing(true)}>
        {texts.dismiss}
      </Button>
    </HStack>
  );
}
