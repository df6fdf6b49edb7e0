/**
 * The breadcrumbs of an add flow (spec §2: Providers > Add Provider > NPI Lookup; Organizations > Add Organization > NPI Lookup):
 * every step but the last is a link, the last is the current page.
 */
import { Breadcrumb } from '@chakra-ui/react';
import { Fragment } from 'react';
import { Link as RouterLink } from 'react-router-dom';

export interface Crumb {
  label: string;
  /** Omitted for the current page. */
  to?: string;
}

export function FlowBreadcrumbs({ items }: { items: readonly Crumb[] }) {
  return (
    <Breadcrumb.Root size="sm" mb="1" aria-label="Breadcrumb">
      <Breadcrumb.List>
        {items.map((item, index) => (
          <Fragment key={item.label}>
            {index > 0 && <Breadcrumb.Separator />}
            <Breadcrumb.Item>
              {item.to ? (
                <Breadcrumb.Link asChild>
                  <RouterLink to={item.to}>{item.label}</RouterLink>
                </Breadcrumb.Link>
              ) : (
                <Breadcrumb.CurrentLink>{item.label}</Breadcrumb.CurrentLink>
              )}
            </Breadcrumb.Item>
          </Fragment>
        ))}
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
}
