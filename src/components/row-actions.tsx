/**
 * A row's actions behind one quiet "⋯" button (a menu), so a list is not a column of red
 * buttons: destructive actions are there when asked for, in red, and each asks for
 * confirmation before it runs. Used in lists whose rows open a record on click: the menu,
 * its items and the confirmation live in portals, whose React events would bubble to the
 * row, so their clicks and keys stop here.
 */
import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { useState, type SyntheticEvent } from 'react';
import { LuEllipsis } from 'react-icons/lu';
import { ConfirmDialog } from './confirm-dialog.tsx';

export interface RowAction {
  /** Unique within the row; the menu item's value. */
  id: string;
  label: string;
  onSelect: () => void;
  /** A destructive action: red, and confirmed with these words first. */
  confirm?: { title: string; text: string; confirmLabel: string };
}

export interface RowActionsProps {
  /** The button's accessible name, e.g. "Actions for Jane Doe". */
  label: string;
  actions: readonly RowAction[];
  busy?: boolean;
  testId?: string;
}

const stop = (event: SyntheticEvent) => event.stopPropagation();

export function RowActions({ label, actions, busy = false, testId }: RowActionsProps) {
  const [confirming, setConfirming] = useState<RowAction | null>(null);
  return (
    <span onClick={stop} onKeyDown={stop} style={{ display: 'inline-flex' }}>
      <Menu.Root
        lazyMount
        unmountOnExit
        positioning={{ placement: 'bottom-end' }}
        onSelect={({ value }) => {
          const action = actions.find((candidate) => candidate.id === value);
          if (!action) return;
          if (action.confirm) setConfirming(action);
          else action.onSelect();
        }}
      >
        <Menu.Trigger asChild>
          <IconButton size="xs" variant="ghost" aria-label={label} loading={busy} data-testid={testId}>
            <LuEllipsis aria-hidden />
          </IconButton>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="12rem">
              {actions.map((action) => (
                <Menu.Item key={action.id} value={action.id} color={action.confirm ? 'fg.error' : undefined} _hover={action.confirm ? { bg: 'bg.error', color: 'fg.error' } : undefined}>
                  {action.label}
                </Menu.Item>
              ))}
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      {confirming?.confirm && (
        <ConfirmDialog
          open
          title={confirming.confirm.title}
          text={confirming.confirm.text}
          confirmLabel={confirming.confirm.confirmLabel}
          onConfirm={confirming.onSelect}
          onClose={() => setConfirming(null)}
        />
      )}
    </span>
  );
}
