/** One titled card of the patient form, its fields in two columns from tablet width up. */
import { Card, SimpleGrid } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function FormSection({ id, title, description, children, footer }: { id: string; title: string; description?: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <Card.Root variant="outline" bg="bg.panel" as="section" aria-labelledby={`${id}-title`}>
      <Card.Header pb="0">
        <Card.Title as="h2" fontSize="md" id={`${id}-title`}>
          {title}
        </Card.Title>
        {description && <Card.Description>{description}</Card.Description>}
      </Card.Header>
      <Card.Body pt="4" gap="4">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {children}
        </SimpleGrid>
        {footer}
      </Card.Body>
    </Card.Root>
  );
}
