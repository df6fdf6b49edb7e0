/** The flow breadcrumbs are shared: src/components/flow-breadcrumbs.tsx. */
export * from '../../../components/flow-breadcrumbs.tsx';
