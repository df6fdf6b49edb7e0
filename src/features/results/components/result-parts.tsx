/** Small pieces the results pages share: the flag badges and the critical-value banner. */
import { Alert, Badge, HStack } from '@chakra-ui/react';
import { RESULT_TEXT } from '../model/result-texts.ts';

export function FlagBadges({ critical, abnormal }: { critical: boolean; abnormal: boolean }) {
  if (!critical && !abnormal) return null;
  return (
    <HStack gap="1">
      {critical ? <Badge colorPalette="red" variant="solid">{RESULT_TEXT.critical}</Badge> : <Badge colorPalette="orange">Abnormal</Badge>}
    </HStack>
  );
}

export function CriticalBanner() {
  return (
    <Alert.Root status="error" variant="solid" role="alert" data-testid="critical-banner">
      <Alert.Indicator />
      <Alert.Title>{RESULT_TEXT.criticalBanner}</Alert.Title>
    </Alert.Root>
  );
}
