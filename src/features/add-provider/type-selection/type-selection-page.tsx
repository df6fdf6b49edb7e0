/**
 * /providers/type-selection (spec §2): the two kinds of provider one can add, each with
 * its description. Individual Provider goes on to the NPI lookup, Non-Healthcare Provider
 * straight to the form. The choice is kept for the browser session (and marked here when
 * the user comes back to this page).
 */
import { Badge, Box, chakra, Flex, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { IconType } from 'react-icons';
import { LuArrowRight, LuBuilding2, LuStethoscope } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header.tsx';
import { PROVIDER_TYPE_CHOICES, type ProviderType, type ProviderTypeChoice } from '../model/provider-type.ts';
import { FlowBreadcrumbs } from '../shared/flow-breadcrumbs.tsx';
import { addProviderSession } from '../shared/flow-session.ts';
import { TYPE_SELECTION_CRUMBS, TYPE_SELECTION_TEXT } from '../shared/flow-texts.ts';

const ICONS: Readonly<Record<ProviderType, IconType>> = { individual: LuStethoscope, non_healthcare: LuBuilding2 };

export function TypeSelectionPage() {
  const navigate = useNavigate();
  const [chosen] = useState(() => addProviderSession.providerType());

  const choose = (choice: ProviderTypeChoice) => {
    addProviderSession.setProviderType(choice.type);
    navigate(choice.next);
  };

  return (
    <>
      <PageHeader
        eyebrow={<FlowBreadcrumbs items={TYPE_SELECTION_CRUMBS} />}
        title={TYPE_SELECTION_TEXT.title}
        description={TYPE_SELECTION_TEXT.description}
      />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5" maxW="5xl" role="list" aria-label="Provider types">
        {PROVIDER_TYPE_CHOICES.map((choice) => (
          <Box key={choice.type} role="listitem">
            <ChoiceCard choice={choice} chosen={chosen === choice.type} onChoose={() => choose(choice)} />
          </Box>
        ))}
      </SimpleGrid>
    </>
  );
}

interface ChoiceCardProps {
  choice: ProviderTypeChoice;
  chosen: boolean;
  onChoose: () => void;
}

function ChoiceCard({ choice, chosen, onChoose }: ChoiceCardProps) {
  const Icon = ICONS[choice.type];
  return (
    <chakra.button
      type="button"
      onClick={onChoose}
      data-testid={`provider-type-${choice.type}`}
      aria-labelledby={`provider-type-${choice.type}-title`}
      aria-describedby={`provider-type-${choice.type}-description`}
      w="full"
      h="full"
      textAlign="start"
      bg="bg.panel"
      borderWidth={chosen ? '2px' : '1px'}
      borderColor={chosen ? 'brand.solid' : 'border'}
      rounded="xl"
      p={{ base: '5', md: '6' }}
      cursor="pointer"
      transition="border-color 0.15s, box-shadow 0.15s, transform 0.15s"
      _hover={{ borderColor: 'brand.solid', shadow: 'md' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
    >
      <Stack gap="4" h="full">
        <Flex justify="space-between" align="flex-start" gap="3">
          <Box color="brand.fg" bg="brand.subtle" rounded="lg" p="3" aria-hidden>
            <Icon size="26" />
          </Box>
          {chosen && (
            <Badge colorPalette="brand" variant="subtle">
              {TYPE_SELECTION_TEXT.chosen}
            </Badge>
          )}
        </Flex>
        <Stack gap="1.5" flex="1">
          <Text fontSize="lg" fontWeight="semibold" id={`provider-type-${choice.type}-title`}>
            {choice.title}
          </Text>
          <Text color="fg.muted" id={`provider-type-${choice.type}-description`}>
            {choice.description}
          </Text>
        </Stack>
        <HStack gap="1.5" color="brand.fg" fontWeight="medium" fontSize="sm">
          <Text>{choice.type === 'individual' ? 'Look up the NPI' : 'Enter the details'}</Text>
          <LuArrowRight aria-hidden />
        </HStack>
      </Stack>
    </chakra.button>
  );
}
