/**
 * The order page's print buttons: the requisition and the specimen labels, made on the
 * device from the order, its patient, provider and organization as stored here (offline
 * too), with the order questions in the compendium's words.
 */
import { Button, HStack } from '@chakra-ui/react';
import { useState } from 'react';
import { LuSignature, LuPrinter, LuTag } from 'react-icons/lu';
import { toast } from '../../../components/ui/toaster.tsx';
import type { OrderDoc, PatientDoc, ProviderDoc } from '../../../db/index.ts';
import { useReferenceData } from '../../../lib/reference/index.ts';
import { useOrderOrganization } from '../data/use-order-organization.ts';
import { orderDocumentData } from '../documents/order-document-data.ts';
import type { OrderDocumentKind } from '../documents/print-order-document.ts';
import type { OrderTestEntry } from '../model/order-draft.ts';

export function OrderDocumentsBar(props: { order: OrderDoc; patient: PatientDoc; provider: ProviderDoc | null }) {
  const organization = useOrderOrganization(props.order.organization_id);
  const reference = useReferenceData();
  const [busy, setBusy] = useState<OrderDocumentKind | null>(null);

  async function print(kind: OrderDocumentKind) {
    setBusy(kind);
    try {
      const codes = (props.order.tests as unknown as OrderTestEntry[]).map((test) => test.code);
      const questions = reference.data?.compendium.questionsFor(codes) ?? [];
      const data = orderDocumentData({
        order: props.order,
        patient: props.patient,
        provider: props.provider,
        organization,
        questionTexts: Object.fromEntries(questions.map((question) => [question.code, question.text])),
      });
      const { printOrderDocument } = await import('../documents/print-order-document.ts');
      await printOrderDocument(kind, data, { orderId: props.order.id, patientId: props.order.patient_id });
    } catch (error) {
      console.error('[orders] printing failed', error);
      toast({ title: 'Error', description: 'The document could not be made on this device.', variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <HStack gap="2" wrap="wrap">
      <Button size="sm" variant="outline" loading={busy === 'requisition'} onClick={() => void print('requisition')}>
        <LuPrinter aria-hidden /> Print requisition
      </Button>
      <Button size="sm" variant="outline" loading={busy === 'labels'} onClick={() => void print('labels')}>
        <LuTag aria-hidden /> Print labels
      </Button>
      {props.order.abn !== null && props.order.abn !== undefined && (
        <Button size="sm" variant="outline" loading={busy === 'abn'} onClick={() => void print('abn')}>
          <LuSignature aria-hidden /> Print ABN
        </Button>
      )}
    </HStack>
  );
}
