/** The NPI lookup's input rules, shared by every lookup: src/lib/provider/npi-input.ts. */
export * from '../../../lib/provider/npi-input.ts';
