/** One titled card of a form (the create forms, the organization tabs), its fields in two columns from tablet width up. */
import { Card, SimpleGrid } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface FormSectionProps {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Content above the grid (e.g. the registry summary). */
  lead?: ReactNode;
}

export function FormSection({ id, title, description, children, lead }: FormSectionProps) {
  return (
    <Card.Root variant="outline" bg="bg.panel" as="section" aria-labelledby={`${id}-title`}>
      <Card.Header pb="0">
        <Card.Title as="h2" fontSize="md" id={`${id}-title`}>
          {title}
        </Card.Title>
        {description && <Card.Description>{description}</Card.Description>}
      </Card.Header>
      <Card.Body pt="4" gap="4">
        {lead}
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {children}
        </SimpleGrid>
      </Card.Body>
    </Card.Root>
  );
}
