/**
 * A static picture of the provider list for the landing page, drawn with the app's own
 * components so it matches the product in both themes. Decorative: the names are invented.
 */
import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import { LuCircleCheck, LuCircleX, LuClock3, LuSearch } from 'react-icons/lu';

const ROWS = [
  { name: 'Dr. Amara Okafor, MD', npi: '1234567893', specialty: 'Internal Medicine', pecos: 'enrolled' },
  { name: 'Dr. Jonah Feld, DO', npi: '1003000126', specialty: 'Family Medicine', pecos: 'enrolled' },
  { name: 'Priya Raman, NP', npi: '1558598797', specialty: 'Nurse Practitioner', pecos: 'not-enrolled' },
  { name: 'Dr. Lucas Moreau, MD', npi: '1100938202', specialty: 'Cardiology', pecos: 'unverified' },
] as const;

function Pecos({ status }: { status: (typeof ROWS)[number]['pecos'] }) {
  if (status === 'enrolled') {
    return (
      <Badge colorPalette="green" variant="subtle" gap="1">
        <LuCircleCheck aria-hidden /> Enrolled
      </Badge>
    );
  }
  if (status === 'not-enrolled') {
    return (
      <Badge colorPalette="red" variant="subtle" gap="1">
        <LuCircleX aria-hidden /> Not enrolled
      </Badge>
    );
  }
  return (
    <Badge colorPalette="gray" variant="subtle" gap="1">
      <LuClock3 aria-hidden /> Not verified
    </Badge>
  );
}

export function ProductPreview() {
  return (
    <Box
      aria-hidden="true"
      bg="bg.panel"
      borderWidth="1px"
      rounded="2xl"
      shadow="2xl"
      overflow="hidden"
      transform={{ lg: 'perspective(1600px) rotateY(-6deg) rotateX(2deg)' }}
    >
      <HStack px="4" py="3" borderBottomWidth="1px" gap="2" bg="bg.muted">
        <Box boxSize="2.5" rounded="full" bg="red.400" />
        <Box boxSize="2.5" rounded="full" bg="yellow.400" />
        <Box boxSize="2.5" rounded="full" bg="green.400" />
        <Box flex="1" />
        <Badge colorPalette="green" variant="surface" rounded="full">
          <LuCircleCheck /> Up to date
        </Badge>
      </HStack>
      <Stack p="5" gap="4">
        <HStack justify="space-between">
          <Text fontWeight="semibold" fontSize="lg">
            Providers
          </Text>
          <Box bg="brand.solid" color="brand.contrast" fontSize="xs" fontWeight="semibold" px="3" py="1.5" rounded="md">
            Add Provider
          </Box>
        </HStack>
        <HStack borderWidth="1px" rounded="md" px="3" py="2" color="fg.muted" fontSize="sm" gap="2">
          <LuSearch />
          <Text>Search by name or NPI...</Text>
        </HStack>
        <Stack gap="0" fontSize="sm">
          <HStack px="2" py="2" color="fg.muted" fontSize="xs" fontWeight="semibold" textTransform="uppercase" letterSpacing="wide">
            <Text flex="2.2">Provider</Text>
            <Text flex="1.3">NPI</Text>
            <Text flex="1.2" hideBelow="md">
              PECOS
            </Text>
          </HStack>
          {ROWS.map((row) => (
            <HStack key={row.npi} px="2" py="2.5" borderTopWidth="1px">
              <Stack flex="2.2" gap="0" minW="0">
                <Text fontWeight="medium" truncate>
                  {row.name}
                </Text>
                <Text color="fg.muted" fontSize="xs" truncate>
                  {row.specialty}
                </Text>
              </Stack>
              <Text flex="1.3" fontFamily="mono" fontSize="xs">
                {row.npi}
              </Text>
              <Box flex="1.2" hideBelow="md">
                <Pecos status={row.pecos} />
              </Box>
            </HStack>
          ))}
        </Stack>
      </Stack>
    </Box>
  );
}
