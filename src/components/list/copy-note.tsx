/**
 * The list's copy note (list-copy-note.tsx), loaded only while it has something to say: a
 * device whose copy is complete never downloads its code, so the list's first paint does
 * not carry it (the /providers JavaScript budget).
 */
import { lazy, Suspense } from 'react';
import { importWhenReachable } from '../../lib/browser/import-when-reachable.ts';
import type { CopyState } from '../../lib/list/list-answer-source.ts';

// Offline before the app is saved on the device, the note waits for the connection instead of failing the page.
const ListCopyNote = lazy(() => importWhenReachable(() => import('./list-copy-note.tsx')).then((module) => ({ default: module.ListCopyNote })));

export function CopyNote({ copy, testId }: { copy: CopyState; testId: string }) {
  if (copy.kind === 'complete') return null;
  return (
    <Suspense fallback={null}>
      <ListCopyNote copy={copy} testId={testId} />
    </Suspense>
  );
}
