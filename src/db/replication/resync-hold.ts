/**
 * Holds a table's live-trigger resyncs (Realtime events, the channel's join, focus, the
 * interval, a retry) until its replication has finished its first downstream pass of this
 * session, then lets one through. A RESYNC also restarts RxDB's upstream scan of the local
 * collection from its checkpoint: during a first download that scan chases the rows the
 * download is writing (each read back with its assumed master state) and every pull page
 * waits for it (the pull handler lets a push in flight end first). The first pass reads
 * everything up to now anyway, so nothing is lost by holding; the RESYNC after it picks up
 * whatever changed meanwhile. A paused replication resyncs through RxDB on its own resume.
 */
import { filter, take, type Subscription } from 'rxjs';
import type { AnyReplicationState } from './sync-context.ts';

export class ResyncHold {
  private waiting: Subscription | null = null;

  constructor(private readonly emit: () => void) {}

  /** Resync now, or once the first downstream pass is done (several requests make one). */
  request(replication: AnyReplicationState | undefined): void {
    const firstPass = replication?.internalReplicationState?.firstSyncDone.down;
    if (!firstPass || firstPass.getValue()) {
      this.emit();
      return;
    }
    if (this.waiting && !this.waiting.closed) return;
    this.waiting = firstPass.pipe(filter(Boolean), take(1)).subscribe(() => this.emit());
  }

  stop(): void {
    this.waiting?.unsubscribe();
    this.waiting = null;
  }
}
