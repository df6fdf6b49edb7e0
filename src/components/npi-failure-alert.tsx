/**
 * Why an NPI could not be verified (spec §8): the Type 1 / Type 2 hint when the error is
 * about the NPI type, the checklist when the service answered non-2xx or could not be
 * reached, the generic message otherwise.
 */
import { Alert, List } from '@chakra-ui/react';
import type { NpiFailureMessage } from '../lib/functions/index.ts';

export function NpiFailureAlert({ failure }: { failure: NpiFailureMessage }) {
  const [lead] = failure.description.split('\n');
  return (
    <Alert.Root status="error" data-testid="npi-failure" data-rule={failure.rule} alignItems="flex-start">
      <Alert.Indicator />
      <Alert.Content gap="1.5">
        <Alert.Title>{failure.title}</Alert.Title>
        <Alert.Description>
          {failure.checklist ? lead : failure.description}
          {failure.checklist && (
            <List.Root as="ul" ps="5" mt="1.5" gap="1">
              {failure.checklist.map((item) => (
                <List.Item key={item}>{item}</List.Item>
              ))}
            </List.Root>
          )}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
