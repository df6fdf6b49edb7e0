/** The version of a data set in use on this device, in words. */
import { Text } from '@chakra-ui/react';
import { formatListDate } from '../../lib/format/date.ts';
import type { ReferenceSetInfo } from '../../lib/reference/index.ts';

export function versionText(info: ReferenceSetInfo | null): string {
  if (!info || info.version === 0) return 'Not on this device yet.';
  const when = info.published_at ? `, published ${formatListDate(info.published_at)}` : '';
  return `Version ${info.version}: ${info.release || 'unnamed release'}${when}.`;
}

export function VersionLine({ info }: { info: ReferenceSetInfo | null }) {
  return (
    <Text fontSize="sm" color="fg.muted" data-testid="version-line">
      {versionText(info)}
    </Text>
  );
}
