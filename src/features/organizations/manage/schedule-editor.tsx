/**
 * The courier schedule card of the Schedule tab (issue 24): pickup windows per weekday
 * (several a day) shown as a week grid and edited in place, closures (date ranges with a
 * reason) and pickup instructions. The shared rules (lib/organization/rules.ts) refuse a
 * window that does not end after it starts, overlapping windows and incomplete closures:
 * the message shows and nothing is saved.
 */
import { Alert, Box, Button, Card, chakra, HStack, IconButton, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import { showToast } from '../../../components/show-toast.ts';
import type { OrganizationDoc } from '../../../db/index.ts';
import { useLocalDatabase } from '../../../lib/local-data/use-local-database.ts';
import { closuresOf, windowsOf } from '../../../lib/organization/organization-record.ts';
import { closureProblem, scheduleProblems, sortWindows, WEEKDAY_LABELS, WEEKDAYS, type Closure, type PickupWindow, type Weekday } from '../../../lib/organization/rules.ts';
import { useSyncStore } from '../../../stores/sync-store.ts';
import { saveSchedule } from '../data/organization-writes.ts';
import { ORGANIZATION_SAVE_FAILED, ORGANIZATION_SAVED, ORGANIZATION_SAVED_OFFLINE } from '../model/organization-texts.ts';

export function ScheduleEditor({ organization }: { organization: Readonly<OrganizationDoc> }) {
  const db = useLocalDatabase();
  const online = useSyncStore((state) => state.online);
  const [windows, setWindows] = useState<PickupWindow[]>(() => sortWindows(windowsOf(organization.courier_schedule)));
  const [closures, setClosures] = useState<Closure[]>(() => closuresOf(organization.closures));
  const [instructions, setInstructions] = useState(organization.pickup_instructions ?? '');
  const [problems, setProblems] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  const updateWindow = (index: number, patch: Partial<PickupWindow>) => setWindows((all) => all.map((window, i) => (i === index ? { ...window, ...patch } : window)));
  const updateClosure = (index: number, patch: Partial<Closure>) => setClosures((all) => all.map((closure, i) => (i === index ? { ...closure, ...patch } : closure)));

  const save = async () => {
    const found = [...scheduleProblems(windows).map((problem) => problem.message), ...closures.map(closureProblem).filter((problem): problem is string => problem !== null)];
    setProblems([...new Set(found)]);
    if (found.length > 0 || !db) return;
    setSaving(true);
    const outcome = await saveSchedule(
      db,
      organization.id,
      { courier_schedule: sortWindows(windows), closures, pickup_instructions: instructions.trim() === '' ? null : instructions.trim() },
      { timeoutMs: 3_000 },
    );
    setSaving(false);
    showToast(outcome === 'failed' ? ORGANIZATION_SAVE_FAILED : outcome === 'pending' && !online ? ORGANIZATION_SAVED_OFFLINE : ORGANIZATION_SAVED);
  };

  return (
    <Card.Root variant="outline" bg="bg.panel" as="section" aria-labelledby="courier-schedule-title">
      <Card.Header pb="0">
        <Card.Title as="h2" fontSize="md" id="courier-schedule-title">
          Courier pickup schedule
        </Card.Title>
        <Card.Description>Pickup windows for each weekday, closures and instructions for the courier.</Card.Description>
      </Card.Header>
      <Card.Body gap="5">
        <SimpleGrid columns={{ base: 2, md: 4, xl: 7 }} gap="3" role="list" aria-label="Pickup windows by weekday" data-testid="schedule-week">
          {WEEKDAYS.map((day) => (
            <DayColumn key={day} day={day} windows={windows} onChange={updateWindow} onRemove={(index) => setWindows((all) => all.filter((_, i) => i !== index))} onAdd={() => setWindows((all) => [...all, { day, start: '09:00', end: '10:00' }])} />
          ))}
        </SimpleGrid>
        <Stack gap="3" as="section" aria-labelledby="closures-title">
          <HStack justify="space-between">
            <Text fontWeight="semibold" id="closures-title">
              Closures
            </Text>
            <Button size="xs" variant="outline" onClick={() => setClosures((all) => [...all, { start: '', end: '', reason: '' }])}>
              <LuPlus aria-hidden /> Add closure
            </Button>
          </HStack>
          {closures.length === 0 && <Text color="fg.muted">No closures planned.</Text>}
          {closures.map((closure, index) => (
            <HStack key={index} gap="2" wrap="wrap" data-testid="closure-row">
              <Input type="date" aria-label={`Closure ${index + 1} first day`} value={closure.start} onChange={(event) => updateClosure(index, { start: event.target.value })} maxW="11rem" />
              <Input type="date" aria-label={`Closure ${index + 1} last day`} value={closure.end} onChange={(event) => updateClosure(index, { end: event.target.value })} maxW="11rem" />
              <Input aria-label={`Closure ${index + 1} reason`} placeholder="Reason" value={closure.reason} onChange={(event) => updateClosure(index, { reason: event.target.value })} flex="1" minW="12rem" />
              <IconButton aria-label={`Remove closure ${index + 1}`} variant="ghost" size="sm" onClick={() => setClosures((all) => all.filter((_, i) => i !== index))}>
                <LuTrash2 />
              </IconButton>
            </HStack>
          ))}
        </Stack>
        <Stack gap="1.5">
          <chakra.label fontWeight="semibold" htmlFor="pickup-instructions">
            Pickup instructions
          </chakra.label>
          <Textarea id="pickup-instructions" rows={3} value={instructions} onChange={(event) => setInstructions(event.target.value)} placeholder="Where the lockbox is, who to ask for, access codes…" />
        </Stack>
        {problems.length > 0 && (
          <Alert.Root status="error" data-testid="schedule-problems">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>The schedule was not saved</Alert.Title>
              <Alert.Description>
                {problems.map((problem) => (
                  <Text key={problem}>{problem}</Text>
                ))}
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        <HStack justify="flex-end">
          <Button onClick={() => void save()} loading={saving}>
            Save Schedule
          </Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

interface DayColumnProps {
  day: Weekday;
  windows: PickupWindow[];
  onChange: (index: number, patch: Partial<PickupWindow>) => void;
  onRemove: (index: number) => void;
  onAdd: () => void;
}

function DayColumn({ day, windows, onChange, onRemove, onAdd }: DayColumnProps) {
  const label = WEEKDAY_LABELS[day];
  const entries = windows.map((window, index) => ({ window, index })).filter((entry) => entry.window.day === day);
  return (
    <Box role="listitem" borderWidth="1px" rounded="lg" p="2.5" bg="bg.subtle" aria-label={label}>
      <Text fontWeight="semibold" fontSize="sm" mb="2">
        {label}
      </Text>
      <Stack gap="2">
        {entries.length === 0 && (
          <Text fontSize="xs" color="fg.muted">
            No pickup
          </Text>
        )}
        {entries.map(({ window, index }, position) => (
          <Stack key={index} gap="1" borderWidth="1px" rounded="md" p="1.5" bg="bg.panel">
            <Input size="xs" type="time" aria-label={`${label} window ${position + 1} start`} value={window.start} onChange={(event) => onChange(index, { start: event.target.value })} />
            <Input size="xs" type="time" aria-label={`${label} window ${position + 1} end`} value={window.end} onChange={(event) => onChange(index, { end: event.target.value })} />
            <Button size="2xs" variant="ghost" onClick={() => onRemove(index)} aria-label={`Remove ${label} window ${position + 1}`}>
              <LuTrash2 aria-hidden /> Remove
            </Button>
          </Stack>
        ))}
        <Button size="2xs" variant="outline" onClick={onAdd} aria-label={`Add a ${label} window`}>
          <LuPlus aria-hidden /> Window
        </Button>
      </Stack>
    </Box>
  );
}
