// The results rules the app shares with the server functions (supabase/functions/_shared/results).
export { REPORT_FORMATS, reportFormatOf, reportView, type PreviousValue, type ReportFormat, type ReportLine, type ReportView } from '../../../supabase/functions/_shared/results/report-format.ts';
export { isAbnormalFlag, type ResultStatus, type StoredObservation } from '../../../supabase/functions/_shared/results/result-rows.ts';
export { isCriticalFlag, ABNORMAL_FLAGS } from '../../../supabase/functions/_shared/hl7/result-types.ts';
