/** The NPI failure alert is shared by every lookup: src/components/npi-failure-alert.tsx. */
export * from '../../../components/npi-failure-alert.tsx';
