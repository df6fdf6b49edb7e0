/**
 * Non-healthcare providers of the demo: the people who order tests on a client-bill or
 * direct-bill basis for an employer, a jail, a school district or a research sponsor.
 * They have no NPI; the description takes the place of a specialty.
 */
export interface NonHealthcareClient {
  firstName: string;
  lastName: string;
  nickname: string | null;
  description: string;
  organizationKey: string;
  phone: string;
  fax: string | null;
  isActive: boolean;
}

export const NON_HEALTHCARE_CLIENTS: readonly NonHealthcareClient[] = [
  { firstName: 'Karen', lastName: 'Whitfield', nickname: null, description: 'Employer drug testing program (direct bill)', organizationKey: 'empire-drug-testing', phone: '518-555-0142', fax: '518-555-0143', isActive: true },
  { firstName: 'Marcus', lastName: 'Delgado', nickname: 'Marc', description: 'DOT drug and alcohol testing coordinator', organizationKey: 'empire-drug-testing', phone: '518-555-0144', fax: null, isActive: true },
  { firstName: 'Janet', lastName: 'Okonkwo', nickname: null, description: 'Correctional health services administrator (client bill)', organizationKey: 'albany-corrections', phone: '518-555-0150', fax: '518-555-0151', isActive: true },
  { firstName: 'Paul', lastName: 'Hendricks', nickname: null, description: 'Inmate intake screening (client bill)', organizationKey: 'albany-corrections', phone: '518-555-0152', fax: null, isActive: true },
  { firstName: 'Susan', lastName: 'Marchetti', nickname: 'Sue', description: 'School nurse coordinator (immunity titers)', organizationKey: 'troy-schools', phone: '518-555-0160', fax: '518-555-0161', isActive: true },
  { firstName: 'David', lastName: 'Lindgren', nickname: null, description: 'Athletics program sports screening', organizationKey: 'troy-schools', phone: '518-555-0162', fax: null, isActive: false },
  { firstName: 'Rosa', lastName: 'Jimenez', nickname: null, description: 'Clinical trial coordinator (sponsor billed)', organizationKey: 'capital-research', phone: '518-555-0170', fax: '518-555-0171', isActive: true },
  { firstName: 'Thomas', lastName: 'Becker', nickname: 'Tom', description: 'Research biorepository manager (sponsor billed)', organizationKey: 'capital-research', phone: '518-555-0172', fax: null, isActive: true },
  { firstName: 'Grace', lastName: 'Tanaka', nickname: null, description: 'Wellness screening events (direct bill)', organizationKey: 'empire-drug-testing', phone: '518-555-0146', fax: null, isActive: true },
  { firstName: 'Henry', lastName: "O'Connell", nickname: null, description: 'Staff occupational health (client bill)', organizationKey: 'albany-corrections', phone: '518-555-0154', fax: '518-555-0155', isActive: true },
];
