/**
 * /organizations/type-selection and /organizations/new (issue 24): the three kinds of
 * organization one can add. Healthcare organizations and sole proprietors go on to the NPI
 * lookup, a non-healthcare account straight to the form. The choice is kept for the browser
 * session and marked when the user comes back, as for providers.
 */
import { Badge, Box, chakra, Flex, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { IconType } from 'react-icons';
import { LuArrowRight, LuBriefcase, LuBuilding2, LuHospital } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { FlowBreadcrumbs } from '../../../components/flow-breadcrumbs.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import type { OrganizationType } from '../../../lib/organization/rules.ts';
import { ORGANIZATION_PATHS } from '../model/organization-paths.ts';
import { ORGANIZATION_TYPE_CHOICES, TYPE_SELECTION_TEXT, type OrganizationTypeChoice } from '../model/organization-type.ts';
import { addOrganizationSession } from '../shared/flow-session.ts';

const ICONS: Readonly<Record<OrganizationType, IconType>> = { healthcare: LuHospital, sole_proprietor: LuBriefcase, non_healthcare: LuBuilding2 };

export const TYPE_SELECTION_CRUMBS = [{ label: 'Organizations', to: ORGANIZATION_PATHS.list }, { label: 'Add Organization' }];

export function OrganizationTypeSelectionPage() {
  const navigate = useNavigate();
  const [chosen] = useState(() => addOrganizationSession.organizationType());

  const choose = (choice: OrganizationTypeChoice) => {
    if (chosen !== choice.type) addOrganizationSession.clearVerification();
    addOrganizationSession.setOrganizationType(choice.type);
    navigate(choice.next);
  };

  return (
    <>
      <PageHeader eyebrow={<FlowBreadcrumbs items={TYPE_SELECTION_CRUMBS} />} title={TYPE_SELECTION_TEXT.title} description={TYPE_SELECTION_TEXT.description} />
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="5" maxW="6xl" role="list" aria-label="Organization types">
        {ORGANIZATION_TYPE_CHOICES.map((choice) => (
          <Box key={choice.type} role="listitem">
            <ChoiceCard choice={choice} chosen={chosen === choice.type} onChoose={() => choose(choice)} />
          </Box>
        ))}
      </SimpleGrid>
    </>
  );
}

function ChoiceCard({ choice, chosen, onChoose }: { choice: OrganizationTypeChoice; chosen: boolean; onChoose: () => void }) {
  const Icon = ICONS[choice.type];
  const id = `organization-type-${choice.type}`;
  return (
    <chakra.button
      type="button"
      onClick={onChoose}
      data-testid={id}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      w="full"
      h="full"
      textAlign="start"
      bg="bg.panel"
      borderWidth={chosen ? '2px' : '1px'}
      borderColor={chosen ? 'brand.solid' : 'border'}
      rounded="xl"
      p={{ base: '5', md: '6' }}
      cursor="pointer"
      transition="border-color 0.15s, box-shadow 0.15s"
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
          <Text fontSize="lg" fontWeight="semibold" id={`${id}-title`}>
            {choice.title}
          </Text>
          <Text color="fg.muted" id={`${id}-description`}>
            {choice.description}
          </Text>
        </Stack>
        <HStack gap="1.5" color="brand.fg" fontWeight="medium" fontSize="sm">
          <Text>{choice.action}</Text>
          <LuArrowRight aria-hidden />
        </HStack>
      </Stack>
    </chakra.button>
  );
}
