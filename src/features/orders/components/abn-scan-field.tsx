/**
 * On the order page of an order with an ABN: attach the photo or scan of the signed form.
 * It is kept sealed on this device and uploaded when online (features/orders/data/abn-scan);
 * the page says whether it waits or was uploaded.
 */
import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Field } from '../../../components/ui/field.tsx';
import { toast } from '../../../components/ui/toaster.tsx';
import type { LocalDatabase } from '../../../db/index.ts';
import type { AbnScanState } from '../data/abn-scan.ts';
import { formatDetailDateTime } from '../../../lib/format/date.ts';
import { FileDropZone } from '../../../components/form/file-drop-zone.tsx';

const docId = (orderId: string) => `abn-scan-${orderId}`;

function useScanState(db: LocalDatabase, orderId: string): AbnScanState | null {
  const [state, setState] = useState<AbnScanState | null>(null);
  useEffect(() => {
    const subscription = db.getLocal$<AbnScanState>(docId(orderId)).subscribe((doc) => setState(doc ? (doc.toJSON().data as AbnScanState) : null));
    return () => subscription.unsubscribe();
  }, [db, orderId]);
  return state;
}

export function AbnScanField({ db, orderId }: { db: LocalDatabase; orderId: string }) {
  const state = useScanState(db, orderId);
  const [busy, setBusy] = useState(false);
  return (
    <Stack gap="2">
      <Field label="Signed ABN (photo or scan)" helperText="Kept on this device, sealed like the patient’s record, and uploaded when online.">
        <FileDropZone
          accept="image/jpeg,image/png,image/heic,image/webp,application/pdf"
          formats="A photo (JPEG, PNG, HEIC, WebP) or a PDF"
          capture="environment"
          disabled={busy}
          chosen={null}
          onFile={(file) => {
            setBusy(true);
            void import('../data/abn-scan.ts')
              .then((scan) => scan.attachAbnScan(db, orderId, file))
              .then(() => toast({ title: 'Signed ABN attached', description: 'It is uploaded when this device is online.', variant: 'success' }))
              .catch((error: unknown) => toast({ title: 'Error', description: error instanceof Error ? error.message : 'The file could not be attached.', variant: 'destructive' }))
              .finally(() => setBusy(false));
          }}
        />
      </Field>
      {state && (
        <HStack gap="2">
          <Badge colorPalette={state.uploaded_at ? 'green' : 'orange'} data-testid="abn-scan-state">
            {state.uploaded_at ? 'Signed ABN uploaded' : 'Signed ABN waiting to upload'}
          </Badge>
          <Text fontSize="sm" color="fg.muted">
            Attached {formatDetailDateTime(state.attached_at)}
          </Text>
        </HStack>
      )}
    </Stack>
  );
}
