/** Shows a catalogue message with the app's toaster (the shared helper, under this feature's name). */
export { showMessage as showToast } from '../../../components/ui/show-message.ts';
