/**
 * The order's way to the laboratory on the order page (issue 32): where delivery stands
 * (waiting, retrying with the last error, received, refused with the laboratory's text,
 * cancelled), "Resend to laboratory" for an admin once a refused order is corrected (the
 * server checks the role again), and the order as a FHIR R4 bundle to download.
 */
import { Alert, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuDownload, LuSend } from 'react-icons/lu';
import { toast } from '../../../components/ui/toaster.tsx';
import type { LocalDatabase, OrderDoc, PatientDoc } from '../../../db/index.ts';
import { useReferenceData } from '../../../lib/reference/index.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { orderBundleJson, saveFile } from '../data/fhir-download.ts';
import { requestResend } from '../data/save-order.ts';
import { canResend, deliveryView } from '../model/lab-delivery.ts';
import { ORDER_TEXT } from '../model/order-texts.ts';

const STATUS = { info: 'info', success: 'success', warning: 'warning', error: 'error' } as const;

export function LabDeliveryPanel({ db, order, patient }: { db: LocalDatabase; order: OrderDoc; patient: PatientDoc | undefined }) {
  const isAdmin = useSessionStore((state) => state.isAdmin);
  const reference = useReferenceData();
  const [busy, setBusy] = useState(false);
  const view = deliveryView(order);
  const resend = canResend(order, isAdmin);

  async function onResend() {
    setBusy(true);
    try {
      await requestResend(db, order.id);
      toast({ title: ORDER_TEXT.resendQueued, variant: 'success' });
    } catch (error) {
      toast({ title: 'Error', description: error instanceof Error ? error.message : ORDER_TEXT.saveFailed, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  async function onDownload() {
    if (!patient) return;
    try {
      saveFile(`order-${order.requisition_number}.fhir.json`, await orderBundleJson(db, order, patient, reference.data?.compendium ?? null));
    } catch (error) {
      toast({ title: 'Error', description: error instanceof Error ? error.message : 'The bundle could not be made.', variant: 'destructive' });
    }
  }

  return (
    <Stack gap="2" as="section" aria-label={ORDER_TEXT.laboratory} data-testid="order-lab-delivery">
      {view && (
        <Alert.Root status={STATUS[view.tone]}>
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{ORDER_TEXT.laboratory}</Alert.Title>
            <Alert.Description data-testid="order-lab-delivery-text">{view.text}</Alert.Description>
            {order.lis_error && !resend && <Text fontSize="sm">{ORDER_TEXT.resendHint}</Text>}
          </Alert.Content>
        </Alert.Root>
      )}
      <HStack gap="2" wrap="wrap">
        {resend && (
          <Button colorPalette="brand" onClick={() => void onResend()} loading={busy}>
            <LuSend aria-hidden /> {ORDER_TEXT.resend}
          </Button>
        )}
        {order.status !== 'draft' && patient && (
          <Button variant="outline" onClick={() => void onDownload()}>
            <LuDownload aria-hidden /> {ORDER_TEXT.fhirDownload}
          </Button>
        )}
      </HStack>
    </Stack>
  );
}
