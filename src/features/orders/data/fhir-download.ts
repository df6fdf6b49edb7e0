/**
 * "Download FHIR bundle" on the order page (issue 32): the order, its patient, provider,
 * organization and the compendium entries of its tests, read from this device (so it works
 * offline), mapped as the server maps them for the laboratory and written as a FHIR R4
 * collection Bundle (_shared/fhir/order-bundle.ts), saved as a JSON file.
 */
import type { LocalDatabase, OrderDoc, PatientDoc } from '../../../db/index.ts';
import { orderBundle, orderMessageInput, type CompendiumRow, type OrderRow, type OrganizationRow, type PatientRow, type ProviderRow } from '../../../lib/fhir/index.ts';
import type { CompendiumIndex } from '../../../lib/reference/index.ts';

export async function orderBundleJson(db: LocalDatabase, order: OrderDoc, patient: PatientDoc, compendium: CompendiumIndex | null): Promise<string> {
  const [provider, organization] = await Promise.all([db.providers.findOne(order.provider_id).exec(), db.organizations.findOne(order.organization_id).exec()]);
  if (!provider || !organization) throw new Error('The order’s provider or organization is not on this device.');
  const tests = (order.tests as unknown as OrderRow['tests']).map((test) => compendium?.get(test.code)).filter((test) => test !== null && test !== undefined);
  const rows = {
    order: order as unknown as OrderRow,
    patient: patient as unknown as PatientRow,
    provider: provider.toJSON() as unknown as ProviderRow,
    organization: organization.toJSON() as unknown as OrganizationRow,
    compendium: tests as unknown as CompendiumRow[],
  };
  // Each test names its specimen and container (the order row, else the compendium): one Specimen each.
  const input = orderMessageInput(rows, { version: 1, sentAt: order.submitted_at ?? order.created_at });
  return JSON.stringify(orderBundle(input, { cancelled: order.status === 'cancelled' }), null, 2);
}

/** Saves text as a file in the browser. */
export function saveFile(name: string, text: string, type = 'application/fhir+json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
