/**
 * The order-attachments bucket (the signed ABN's scan), from the refused side: staff and an
 * order delegate of the order's provider add and read a file under the order's id; a
 * results-only delegate, another provider's delegate, a user with no role and an anonymous
 * caller neither add nor read one; nobody attaches to an order that does not exist, and
 * nobody deletes a file through the API.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, serviceClient, signedInUser, userWithRole, type TestUser } from '../helpers/clients.ts';
import { organizationRow, providerRow, seedOne, seedRows } from './directory-helpers.ts';

const BUCKET = 'order-attachments';
const SCAN = new TextEncoder().encode('%PDF-1.4\n% signed ABN\n%%EOF\n');

let staff: TestUser;
let orderDelegate: TestUser;
let resultsDelegate: TestUser;
let otherDelegate: TestUser;
let noRole: TestUser;
let orderId: string;

async function delegateOf(provider: string, type: 'order' | 'results', prefix: string): Promise<TestUser> {
  const user = await userWithRole('provider', prefix);
  await seedRows('provider_delegate_approvals', [{ id: randomUUID(), provider_id: provider, delegate_id: user.id, approval_type: type }]);
  return user;
}

beforeAll(async () => {
  const organizationId = await seedOne('organizations', organizationRow());
  const providerId = await seedOne('providers', providerRow());
  const otherProvider = await seedOne('providers', providerRow());
  const patientId = await seedOne('patients', {
    id: randomUUID(), lab_patient_id: `P-${randomUUID().slice(0, 4).toUpperCase().replace(/[ILOU]/g, '7')}-0002`,
    first_name: 'Attach', last_name: 'Contract', date_of_birth: '1950-01-01', sex: 'female', coverages: [],
  });
  orderId = randomUUID();
  const { error } = await serviceClient().from('orders').insert({
    id: orderId, requisition_number: `R-${randomUUID().slice(0, 5).toUpperCase().replace(/[ILOU]/g, '7')}-0001`, status: 'draft',
    organization_id: organizationId, provider_id: providerId, patient_id: patientId, billing: 'client',
  });
  if (error) throw error;
  [staff, orderDelegate, resultsDelegate, otherDelegate, noRole] = await Promise.all([
    userWithRole('staff', 'attach-staff'),
    delegateOf(providerId, 'order', 'attach-order'),
    delegateOf(providerId, 'results', 'attach-results'),
    delegateOf(otherProvider, 'order', 'attach-other'),
    signedInUser('attach-no-role'),
  ]);
});

function upload(user: TestUser, name: string) {
  return user.client.storage.from(BUCKET).upload(name, SCAN, { contentType: 'application/pdf', upsert: true });
}

describe('order attachments', () => {
  it('staff and the provider’s order delegate add the signed ABN under the order and read it back', async () => {
    expect((await upload(staff, `${orderId}/abn-signed.pdf`)).error).toBeNull();
    expect((await upload(orderDelegate, `${orderId}/abn-signed-2.pdf`)).error).toBeNull();
    for (const user of [staff, orderDelegate]) {
      const { data, error } = await user.client.storage.from(BUCKET).download(`${orderId}/abn-signed.pdf`);
      expect(error).toBeNull();
      expect(new Uint8Array(await data!.arrayBuffer())).toEqual(SCAN);
    }
  });

  it.each([
    ['a results-only delegate', () => resultsDelegate],
    ['another provider’s delegate', () => otherDelegate],
    ['a user with no role', () => noRole],
  ])('%s neither adds nor reads one', async (_who, user) => {
    const refused = await upload(user(), `${orderId}/forged.pdf`);
    expect(refused.error?.message).toBe('new row violates row-level security policy');
    expect((await user().client.storage.from(BUCKET).download(`${orderId}/abn-signed.pdf`)).error).not.toBeNull();
    expect((await serviceClient().storage.from(BUCKET).download(`${orderId}/forged.pdf`)).error).not.toBeNull();
  });

  it('refuses the anonymous key, a file under no order, and deleting a file', async () => {
    expect((await anonClient().storage.from(BUCKET).upload(`${orderId}/anon.pdf`, SCAN, { contentType: 'application/pdf' })).error).not.toBeNull();
    expect((await anonClient().storage.from(BUCKET).download(`${orderId}/abn-signed.pdf`)).error).not.toBeNull();
    expect((await upload(staff, `${randomUUID()}/abn-signed.pdf`)).error?.message).toBe('new row violates row-level security policy');
    expect((await upload(staff, 'abn-signed.pdf')).error?.message).toBe('new row violates row-level security policy');
    await staff.client.storage.from(BUCKET).remove([`${orderId}/abn-signed.pdf`]);
    expect((await serviceClient().storage.from(BUCKET).download(`${orderId}/abn-signed.pdf`)).error).toBeNull();
  });
});
