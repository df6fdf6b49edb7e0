/**
 * An account's links to providers (issue 25): the provider its login belongs to (a link;
 * unlinking is not supported: 'Unlinking users is not supported at this time.'), and the
 * providers it may act for as a delegate, each a link to that provider's delegates.
 */
import { Badge, Button, Card, HStack, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { showMessage } from '../../../components/ui/show-message.ts';
import { UNLINK_NOT_SUPPORTED_TOAST } from '../../../lib/functions/link-user-messages.ts';
import { useDelegations } from '../data/use-delegations.ts';
import type { UserEntry } from '../model/user-entries.ts';

const APPROVAL_LABELS: Record<string, string> = { order: 'Orders tests', results: 'Views results', both: 'Orders tests and views results' };

export function LinkedProviderCard({ entry }: { entry: UserEntry }) {
  return (
    <Card.Root variant="outline" bg="bg.panel" as="section" aria-labelledby="linked-provider-title">
      <Card.Header>
        <Card.Title as="h2" fontSize="md" id="linked-provider-title">
          Linked provider
        </Card.Title>
      </Card.Header>
      <Card.Body pt="0">
        {entry.providerId ? (
          <HStack justify="space-between" gap="3" wrap="wrap">
            <Link asChild fontWeight="medium">
              <RouterLink to={`/providers/${entry.providerId}/manage/edit`}>{entry.providerName ?? 'Open the provider'}</RouterLink>
            </Link>
            <Button size="xs" variant="ghost" onClick={() => showMessage(UNLINK_NOT_SUPPORTED_TOAST)}>
              Unlink
            </Button>
          </HStack>
        ) : (
          <Text color="fg.muted" fontSize="sm">
            No provider record is linked to this account. A provider's own login is created from the provider's page (Link User
            Account).
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}

export function DelegationsCard({ entry }: { entry: UserEntry }) {
  const delegations = useDelegations(entry.id);
  return (
    <Card.Root variant="outline" bg="bg.panel" as="section" aria-labelledby="delegations-title">
      <Card.Header>
        <Card.Title as="h2" fontSize="md" id="delegations-title">
          Delegations
        </Card.Title>
        <Card.Description>Providers {entry.firstName || entry.name} may act for.</Card.Description>
      </Card.Header>
      <Card.Body pt="0">
        {delegations.status === 'loading' && <Spinner size="sm" />}
        {delegations.status === 'error' && <Text color="fg.error">Failed to load delegates</Text>}
        {delegations.status === 'ready' && delegations.value.length === 0 && (
          <Text color="fg.muted" fontSize="sm">
            Not a delegate of any provider.
          </Text>
        )}
        {delegations.status === 'ready' && delegations.value.length > 0 && (
          <Stack as="ul" gap="2" listStyleType="none" data-testid="delegations">
            {delegations.value.map((delegation) => (
              <HStack as="li" key={delegation.id} justify="space-between" gap="3" wrap="wrap">
                <Link asChild fontWeight="medium">
                  <RouterLink to={`/providers/${delegation.providerId}/manage/delegates`}>{delegation.providerName}</RouterLink>
                </Link>
                <Badge variant="subtle">{APPROVAL_LABELS[delegation.approvalType] ?? delegation.approvalType}</Badge>
              </HStack>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
