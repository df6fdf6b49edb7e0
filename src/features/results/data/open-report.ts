/**
 * Opens the laboratory's report PDF of a result (bucket result-reports; its policy lets only
 * those who may see the result read it). An online read: the PDF is not kept on the device.
 */
export async function openReport(path: string): Promise<void> {
  const { supabase } = await import('../../../lib/supabase.ts');
  const { data, error } = await supabase.storage.from('result-reports').download(path);
  if (error || !data) throw error ?? new Error('The report could not be read.');
  const url = URL.createObjectURL(new Blob([data], { type: 'application/pdf' }));
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
