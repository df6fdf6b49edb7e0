/** Where a provider's manage page is (spec §2), for pages outside the providers feature that link to one (an organization's People tab, the memberships list). */
export function providerManagePath(id: string): string {
  return `/providers/${encodeURIComponent(id)}/manage/edit`;
}
