/** The app's door to the Edge Functions: typed calls and the spec §8 message catalogue. */
export * from './invoke.ts';
export * from './types.ts';
export * from './toast-message.ts';
export * from './verify-npi.ts';
export * from './verify-pecos.ts';
export * from './invite-user.ts';
export * from './invite-staff.ts';
export * from './manage-user.ts';
export * from './npi-messages.ts';
export * from './pecos-messages.ts';
export * from './link-user-messages.ts';
