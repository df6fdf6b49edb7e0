/**
 * The laboratory's own report that the simulator attaches to its results (an OBX of type
 * ED): a real one-page PDF listing the patient and each result, written directly in PDF
 * syntax (Helvetica, one text stream, a correct cross-reference table), so the product can
 * store it and a browser can open it. Simulator data only: the product's own PDFs use a
 * PDF library.
 */

function pdfText(value: string): string {
  return value.replace(/[^\x20-\x7e]/g, '?').replace(/([\\()])/g, '\\$1');
}

export function reportPdf(title: string, lines: readonly string[]): Uint8Array {
  const text = [
    'BT /F1 14 Tf 50 750 Td',
    `(${pdfText(title)}) Tj`,
    '/F1 10 Tf 0 -24 Td 14 TL',
    ...lines.slice(0, 48).map((line) => `(${pdfText(line)}) '`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}
