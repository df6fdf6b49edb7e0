/**
 * A card whose content a later issue builds (issue 7: preferences and delegates). The tab
 * and its card exist, so links and bookmarks work, and the card says plainly that its
 * content is not built yet.
 */
import { Box, Card, Text } from '@chakra-ui/react';
import { LuConstruction } from 'react-icons/lu';

export function CardSlot({ title, what, testId }: { title: string; what: string; testId: string }) {
  return (
    <Card.Root variant="outline" bg="bg.panel" data-testid={testId}>
      <Card.Header>
        <Card.Title as="h2" fontSize="md">
          {title}
        </Card.Title>
      </Card.Header>
      <Card.Body pt="2">
        <Box borderWidth="1px" borderStyle="dashed" rounded="lg" p="6" textAlign="center" color="fg.muted">
          <Box display="inline-flex" mb="2" aria-hidden>
            <LuConstruction size="22" />
          </Box>
          <Text fontWeight="medium" color="fg">
            This part is not built yet
          </Text>
          <Text fontSize="sm">{what}</Text>
        </Box>
      </Card.Body>
    </Card.Root>
  );
}
