import { BehaviorSubject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { ResyncHold } from './resync-hold.ts';
import type { AnyReplicationState } from './sync-context.ts';

function replicationWithFirstPass(done: boolean) {
  const firstPass = new BehaviorSubject(done);
  const replication = { internalReplicationState: { firstSyncDone: { down: firstPass } } } as unknown as AnyReplicationState;
  return { replication, firstPass };
}

describe('ResyncHold', () => {
  it('resyncs at once when the first downstream pass is done, or before the replication started', () => {
    let emitted = 0;
    const hold = new ResyncHold(() => (emitted += 1));
    hold.request(replicationWithFirstPass(true).replication);
    hold.request(undefined);
    expect(emitted).toBe(2);
  });

  it('holds requests during the first pass and resyncs once after it', () => {
    let emitted = 0;
    const hold = new ResyncHold(() => (emitted += 1));
    const { replication, firstPass } = replicationWithFirstPass(false);
    hold.request(replication);
    hold.request(replication);
    hold.request(replication);
    expect(emitted).toBe(0);
    firstPass.next(true);
    expect(emitted).toBe(1);
    hold.request(replication);
    expect(emitted).toBe(2);
  });

  it('drops a held request when stopped', () => {
    let emitted = 0;
    const hold = new ResyncHold(() => (emitted += 1));
    const { replication, firstPass } = replicationWithFirstPass(false);
    hold.request(replication);
    hold.stop();
    firstPass.next(true);
    expect(emitted).toBe(0);
  });
});
