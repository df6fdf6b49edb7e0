/** Shows a catalogue message (a ToastMessage of src/lib) with the app's toaster: the one helper (../show-toast.ts), under the name the users pages call it by. */
export { showToast as showMessage } from '../show-toast.ts';
