/**
 * The controls order entry is made of (with the shared SelectField): a step card, and a search
 * picker (a labelled search field whose matches are buttons right after it: Enter takes the
 * first match and leaves the field empty for the next, Tab walks the matches; a match taken
 * with its button gives the focus back to the field), so an order is entered without a mouse.
 * Enter in the empty field is left to the page: it goes on to the next step
 * (use-entry-flow.ts); with text typed and nothing matching it does nothing.
 */
import { Badge, Box, Button, Card, Input, Stack, Text } from '@chakra-ui/react';
import { useRef, useState, type ReactNode } from 'react';
import { Field } from '../../../components/ui/field.tsx';

export function StepCard(props: { id: string; number: number; title: string; description?: ReactNode; done?: boolean; children: ReactNode }) {
  return (
    <Card.Root variant="outline" bg="bg.panel" as="section" aria-labelledby={`${props.id}-title`} id={props.id}>
      <Card.Header pb="0">
        <Card.Title as="h2" fontSize="md" id={`${props.id}-title`} display="flex" gap="2" alignItems="center">
          <Badge colorPalette={props.done ? 'green' : 'gray'} variant="subtle" aria-hidden>
            {props.number}
          </Badge>
          {props.title}
        </Card.Title>
        {props.description && <Card.Description>{props.description}</Card.Description>}
      </Card.Header>
      <Card.Body pt="4" gap="4">
        {props.children}
      </Card.Body>
    </Card.Root>
  );
}

export interface PickerItem {
  id: string;
  label: string;
  detail?: string;
}

export function SearchPicker(props: {
  label: string;
  placeholder?: string;
  search: (query: string) => PickerItem[];
  onPick: (id: string) => void;
  helperText?: ReactNode;
  disabled?: boolean;
  /** Show matches for an empty query too. */
  showAll?: boolean;
}) {
  const [query, setQuery] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const items = query.trim() === '' && !props.showAll ? [] : props.search(query);
  const pick = (id: string) => {
    props.onPick(id);
    setQuery('');
    input.current?.focus();
  };
  return (
    <Stack gap="2">
      <Field label={props.label} helperText={props.helperText}>
        <Input
          type="search"
          value={query}
          placeholder={props.placeholder}
          disabled={props.disabled}
          autoComplete="off"
          onChange={(event) => setQuery(event.currentTarget.value)}
          ref={input}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || query.trim() === '') return;
            event.preventDefault();
            if (items[0]) pick(items[0].id);
          }}
        />
      </Field>
      {items.length > 0 && (
        <Stack as="ul" gap="1" aria-label={`${props.label}: matches`} listStyleType="none" m="0" p="0">
          {items.map((item) => (
            <Box as="li" key={item.id}>
              <Button variant="ghost" size="sm" w="full" justifyContent="flex-start" h="auto" py="1.5" onClick={() => pick(item.id)}>
                <Stack gap="0" align="flex-start" textAlign="left" whiteSpace="normal">
                  <Text fontWeight="medium">{item.label}</Text>
                  {item.detail && (
                    <Text fontSize="xs" color="fg.muted">
                      {item.detail}
                    </Text>
                  )}
                </Stack>
              </Button>
            </Box>
          ))}
        </Stack>
      )}
      {query.trim() !== '' && items.length === 0 && (
        <Text fontSize="sm" color="fg.muted" role="status">
          No matches for “{query.trim()}”.
        </Text>
      )}
    </Stack>
  );
}
