/** The heading block at the top of every page inside the app: title, description, actions. */
import { Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  /** Above the title, e.g. breadcrumbs. */
  eyebrow?: ReactNode;
}

export function PageHeader({ title, description, actions, eyebrow }: PageHeaderProps) {
  return (
    <Flex gap="4" align={{ base: 'flex-start', md: 'flex-end' }} justify="space-between" wrap="wrap" mb="6">
      <Stack gap="1" minW="0">
        {eyebrow}
        <Heading as="h1" size="2xl" letterSpacing="-0.01em">
          {title}
        </Heading>
        {description && (
          <Text color="fg.muted" maxW="3xl">
            {description}
          </Text>
        )}
      </Stack>
      {actions && (
        <Flex gap="2" wrap="wrap">
          {actions}
        </Flex>
      )}
    </Flex>
  );
}
