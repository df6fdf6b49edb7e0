/**
 * The Add to Organization dialog's rules (spec §5, §8) are the membership rules every page
 * that links providers and organizations applies: src/lib/membership/membership-rules.ts.
 */
export * from '../../../lib/membership/membership-rules.ts';
