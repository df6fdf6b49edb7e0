/**
 * Opens the laboratory's report PDF of a result, through the protected-files function (it
 * checks the user may see the result and audits the download; Storage lets no user read the
 * bucket result-reports directly). An online read: the PDF is not kept on the device.
 */
import { downloadProtectedFile } from '../../../lib/functions/protected-files.ts';

export async function openReport(path: string): Promise<void> {
  const { supabase } = await import('../../../lib/supabase.ts');
  const answer = await downloadProtectedFile(supabase, 'result-reports', path);
  if (!answer.ok) throw new Error(answer.message || 'The report could not be read.');
  const url = URL.createObjectURL(new Blob([answer.data], { type: 'application/pdf' }));
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
