/**
 * Queues one manage-user call for the manage page and follows it: the button shows it busy
 * while the call runs online; offline (or while it waits for another attempt) the admin is
 * told it will be sent later. How it ended is announced by the tracker (data/
 * follow-account-calls.ts) and the page lists it while it is open.
 */
import { showMessage } from '../../../components/ui/show-message.ts';
import { useOutboxCall } from '../../../lib/local-data/use-outbox-call.ts';
import type { ManageAction } from '../../../lib/users/manage-request.ts';
import { queueManageCall } from '../data/account-calls.ts';
import { ACTION_LABELS } from '../model/account-call-texts.ts';
import type { UserEntry } from '../model/user-entries.ts';
import { callQueued } from '../model/user-texts.ts';

export function useAccountAction(entry: UserEntry) {
  const call = useOutboxCall({
    done: () => {},
    failed: () => {},
    waiting: (item) => {
      const action = (item.payload as { action?: ManageAction } | null)?.action;
      if (action) showMessage(callQueued(ACTION_LABELS[action], entry.name));
    },
  });
  const run = async (action: ManageAction) => {
    try {
      const item = await queueManageCall({ action, userId: entry.id, userName: entry.name, email: entry.email });
      call.follow(item.id);
    } catch (error) {
      console.error('[users] the account change could not be queued', error);
      showMessage({ title: 'Error', description: 'The change could not be saved on this device. Reload the page and try again.', type: 'error' });
    }
  };
  return { run, busy: call.busy };
}
