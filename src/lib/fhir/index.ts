/** The app's door to the shared FHIR bundle of an order and to the rows-to-order mapping (supabase/functions/_shared). */
export { FHIR_SYSTEMS, orderBundle, type BundleOptions } from '../../../supabase/functions/_shared/fhir/order-bundle.ts';
export { orderMessageInput, type CompendiumRow, type OrderRow, type OrderRows, type OrganizationRow, type PatientRow, type ProviderRow } from '../../../supabase/functions/_shared/lab/order-message.ts';
