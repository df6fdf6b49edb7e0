/**
 * The OIG LEIE simulator: `GET /__simulator/oig/UPDATED.csv` serves the exclusion list in
 * the published column format (OIG_LEIE_URL points here by default), with Last-Modified and
 * ETag as a monthly file has them; tests add an exclusion for a given NPI or name:
 *   POST   /__simulator/oig/exclusions   {npi?, lastName?, firstName?, midName?, busName?, state?, dob?, exclType?, exclDate?, general?, specialty?}
 *   GET    /__simulator/oig/exclusions   the rows added
 *   DELETE /__simulator/oig/exclusions?npi=…   remove added rows (all without npi)
 * (service_role key for the switches; the file itself is public, as on oig.hhs.gov).
 */
import { createHash } from 'node:crypto';
import type { HttpService } from '../context.ts';
import { methodNotAllowed, readJsonObject, requireServiceRole } from '../http/control.ts';
import { send, sendJson } from '../http/respond.ts';
import { demoRows, EXCLUSION_TYPES, generatedRows, NO_DATE, NO_NPI, toCsv, type LeieRow } from './rows.ts';

export const OIG_PREFIX = '/__simulator/oig';

function text(value: unknown, max = 60): string | null {
  if (value === undefined || value === null || value === '') return '';
  return typeof value === 'string' && value.length <= max ? value.trim().toUpperCase() : null;
}

export function parseExclusion(body: Record<string, unknown>): { ok: true; row: LeieRow } | { ok: false; message: string } {
  const allowed = ['npi', 'lastName', 'firstName', 'midName', 'busName', 'state', 'dob', 'exclType', 'exclDate', 'general', 'specialty'];
  const unknown = Object.keys(body).filter((key) => !allowed.includes(key));
  if (unknown.length) return { ok: false, message: `Unknown field(s): ${unknown.join(', ')}` };
  const npi = body.npi === undefined ? NO_NPI : body.npi;
  if (typeof npi !== 'string' || !/^\d{10}$/.test(npi)) return { ok: false, message: 'npi must be 10 digits' };
  const fields = ['lastName', 'firstName', 'midName', 'busName', 'state', 'general', 'specialty'].map((key) => [key, text(body[key])] as const);
  const bad = fields.find(([, value]) => value === null);
  if (bad) return { ok: false, message: `${bad[0]} must be text` };
  const value = Object.fromEntries(fields) as Record<string, string>;
  if (!value.lastName && !value.busName && npi === NO_NPI) return { ok: false, message: 'Give an npi, a lastName or a busName' };
  if (value.state && !/^[A-Z]{2}$/.test(value.state)) return { ok: false, message: 'state must be a two-letter code' };
  for (const key of ['dob', 'exclDate']) {
    if (body[key] !== undefined && (typeof body[key] !== 'string' || !/^\d{8}$/.test(body[key] as string))) return { ok: false, message: `${key} must be YYYYMMDD` };
  }
  const exclType = body.exclType ?? '1128a1';
  if (!(EXCLUSION_TYPES as readonly unknown[]).includes(exclType)) return { ok: false, message: `exclType must be one of ${EXCLUSION_TYPES.join(', ')}` };
  const today = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  return {
    ok: true,
    row: {
      LASTNAME: value.lastName!, FIRSTNAME: value.firstName!, MIDNAME: value.midName!, BUSNAME: value.busName!,
      GENERAL: value.general || 'MEDICAL PRACTICE, MD', SPECIALTY: value.specialty || 'FAMILY PRACTICE', UPIN: '', NPI: npi,
      DOB: (body.dob as string | undefined) ?? NO_DATE, ADDRESS: '100 STATE ST', CITY: 'ALBANY', STATE: value.state || 'NY', ZIP: '12207',
      EXCLTYPE: exclType as string, EXCLDATE: (body.exclDate as string | undefined) ?? today, REINDATE: NO_DATE, WAIVERDATE: NO_DATE, WVRSTATE: '',
    },
  };
}

export function createOigService(): HttpService {
  const base = [...generatedRows(), ...demoRows()];
  let added: LeieRow[] = [];
  // The file's release: the first of this month, moved to "now" whenever a test changes it.
  const now = new Date();
  let modified = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

  return {
    async handle(req, res, url) {
      const path = url.pathname.slice(OIG_PREFIX.length);
      if (path === '/UPDATED.csv') {
        if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(res, req.method);
        const csv = toCsv([...base, ...added]);
        const headers = {
          'Content-Type': 'text/csv',
          'Content-Length': String(Buffer.byteLength(csv)),
          'Last-Modified': modified.toUTCString(),
          ETag: `"${createHash('sha1').update(csv).digest('hex').slice(0, 16)}"`,
        };
        if (req.headers['if-none-match'] === headers.ETag) return send(res, 304, null, headers);
        return send(res, 200, req.method === 'HEAD' ? null : csv, headers);
      }
      if (path !== '/exclusions') return sendJson(res, 404, { message: `No OIG simulator route at ${url.pathname}` });
      if (!(await requireServiceRole(req, res, 'The LEIE switches'))) return;
      if (req.method === 'GET') return sendJson(res, 200, added);
      if (req.method === 'DELETE') {
        const npi = url.searchParams.get('npi');
        added = npi ? added.filter((row) => row.NPI !== npi) : [];
        modified = new Date();
        return sendJson(res, 200, added);
      }
      if (req.method !== 'POST') return methodNotAllowed(res, req.method);
      const body = await readJsonObject(req, res);
      if (!body) return;
      const parsed = parseExclusion(body);
      if (!parsed.ok) return sendJson(res, 400, { message: parsed.message });
      added.push(parsed.row);
      modified = new Date();
      sendJson(res, 201, parsed.row);
    },
  };
}
