/**
 * The app's door to what the laboratory receives of an order (supabase/functions/_shared/lab):
 * each test's modifier and ABN status by the server's Medicare verdict, and the order's one
 * fasting fact. The printed documents follow them, so the paper says what the ORM says.
 */
export { sentAbn, sentModifier, type OrderRow as SentOrder } from '../../../supabase/functions/_shared/lab/order-message.ts';
export { FASTING_LOINC, FASTING_QUESTION, isFastingQuestion, orderFasting, withoutFastingAnswers } from '../../../supabase/functions/_shared/lab/fasting.ts';
