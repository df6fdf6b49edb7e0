/**
 * What ties the demo together: provider ↔ organization memberships, each provider's
 * result-distribution preferences, and the delegates (staff users) who may order or see
 * results for a provider.
 */
import type { DemoOrganization } from './demo-organizations.ts';
import { PROVIDER_LOGIN_NPI, type DemoProvider } from './demo-providers.ts';
import type { DemoUser, DemoUserKey } from './demo-users.ts';
import { daysAgo, seedUuid } from './ids.ts';

export interface DemoMembership {
  id: string;
  providerId: string;
  organizationId: string;
  isActive: boolean;
  createdAt: string;
}

export interface DemoPreferences {
  id: string;
  providerId: string;
  emailNotifications: boolean;
  faxNotifications: boolean;
  inAppNotifications: boolean;
  reportFormat: 'summary' | 'comprehensive' | 'summary_plus' | 'comprehensive_plus';
  faxNumber: string | null;
  favoriteReports: string[];
  createdAt: string;
}

export interface DemoApproval {
  id: string;
  providerId: string;
  delegateId: string;
  approvalType: 'order' | 'results' | 'both';
  canViewVipPatients: boolean;
  isActive: boolean;
  createdBy: string;
  createdAt: string;
}

const REPORT_FORMATS = ['summary', 'comprehensive', 'summary_plus', 'comprehensive_plus'] as const;
const APPROVAL_TYPES = ['both', 'order', 'results'] as const;

export function demoMemberships(providers: readonly DemoProvider[], organizations: readonly DemoOrganization[]): DemoMembership[] {
  const byKey = new Map(organizations.map((organization) => [organization.key, organization]));
  return providers.flatMap((provider) =>
    provider.organizationKeys.map((key) => {
      const organization = byKey.get(key);
      if (!organization) throw new Error(`Provider ${provider.key} names unknown organization ${key}`);
      return {
        id: seedUuid(`membership:${provider.key}:${key}`),
        providerId: provider.id,
        organizationId: organization.id,
        // Memberships in the closed urgent care were ended when it closed.
        isActive: organization.isActive,
        createdAt: provider.createdAt,
      };
    }),
  );
}

export function demoPreferences(providers: readonly DemoProvider[]): DemoPreferences[] {
  return providers.map((provider, index) => {
    const emailNotifications = provider.email !== null && index % 3 !== 1;
    const faxNotifications = provider.fax !== null && index % 2 === 0;
    const officeCopy = provider.email ? `results@${provider.email.split('@')[1]}` : null;
    const favoriteReports = emailNotifications
      ? [provider.email, index % 4 === 0 ? officeCopy : null].filter((email): email is string => email !== null)
      : [];
    return {
      id: seedUuid(`preferences:${provider.key}`),
      providerId: provider.id,
      emailNotifications,
      faxNotifications,
      inAppNotifications: index % 7 !== 5,
      reportFormat: REPORT_FORMATS[index % REPORT_FORMATS.length]!,
      faxNumber: faxNotifications ? provider.fax : null,
      favoriteReports,
      createdAt: provider.createdAt,
    };
  });
}

export function demoApprovals(
  providers: readonly DemoProvider[],
  users: Readonly<Record<DemoUserKey, DemoUser>>,
): DemoApproval[] {
  const approvals: DemoApproval[] = [];
  const add = (provider: DemoProvider, delegate: DemoUser, approvalType: DemoApproval['approvalType'], isActive = true) =>
    approvals.push({
      id: seedUuid(`approval:${provider.key}:${delegate.key}`),
      providerId: provider.id,
      delegateId: delegate.id,
      approvalType,
      canViewVipPatients: false,
      isActive,
      createdBy: users.admin.id,
      createdAt: daysAgo(90 - approvals.length * 3, 13, 20),
    });

  const loginProvider = providers.find((provider) => provider.npi === PROVIDER_LOGIN_NPI);
  if (!loginProvider) throw new Error('The provider login has no provider record');
  add(loginProvider, users.maria, 'both');
  add(loginProvider, users.kevin, 'results');

  const delegates = [users.staff, users.maria, users.kevin];
  providers
    .filter((provider) => provider.npi !== null && provider.npi !== PROVIDER_LOGIN_NPI && provider.isActive)
    .forEach((provider, index) => {
      if (index % 4 !== 1) return;
      const delegate = delegates[index % delegates.length]!;
      // One delegate was removed (soft removal keeps the row, inactive).
      add(provider, delegate, APPROVAL_TYPES[index % APPROVAL_TYPES.length]!, index !== 9);
    });
  return approvals;
}
