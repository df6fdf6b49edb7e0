/**
 * Every joined channel of every socket, by topic: where broadcasts are relayed, presence
 * is kept, and where the change feed finds the subscribers of postgres_changes.
 */
import type { Claims } from '../jwt.ts';
import { encodeUserBroadcast, type PhoenixMessage, type UserBroadcast, type Vsn } from './frames.ts';
import type { PostgresBinding } from './postgres-bindings.ts';

/** What a channel needs from its socket. */
export interface ChannelOutlet {
  vsn: Vsn;
  send(message: PhoenixMessage): void;
  sendBinary(frame: Buffer): void;
}

export interface Channel {
  topic: string;
  /** The topic without `realtime:`, as Realtime names it in system messages. */
  subTopic: string;
  joinRef: string | null;
  outlet: ChannelOutlet;
  claims: Claims;
  accessToken: string;
  bindings: PostgresBinding[];
  broadcastSelf: boolean;
  broadcastAck: boolean;
  presenceKey: string;
  presenceEnabled: boolean;
  /** The client got `presence_state` since joining: diffs may follow. */
  presenceSynced: boolean;
  expiryTimer: NodeJS.Timeout | null;
}

interface PresenceEntry {
  key: string;
  meta: Record<string, unknown>;
}

export class ChannelHub {
  private readonly byTopic = new Map<string, Set<Channel>>();
  private readonly presence = new Map<string, Map<Channel, PresenceEntry>>();
  private presenceRef = 0;

  add(channel: Channel): void {
    let set = this.byTopic.get(channel.topic);
    if (!set) this.byTopic.set(channel.topic, (set = new Set()));
    set.add(channel);
  }

  remove(channel: Channel): void {
    if (channel.expiryTimer) clearTimeout(channel.expiryTimer);
    channel.expiryTimer = null;
    const set = this.byTopic.get(channel.topic);
    set?.delete(channel);
    if (set?.size === 0) this.byTopic.delete(channel.topic);
    this.untrack(channel);
  }

  /** Channels that listen to database changes. */
  *subscribers(): Iterable<Channel> {
    for (const set of this.byTopic.values()) {
      for (const channel of set) if (channel.bindings.length > 0) yield channel;
    }
  }

  /** Relay a user broadcast to the topic's other members (and to the sender with `self`). */
  broadcast(from: Channel, broadcast: UserBroadcast): void {
    for (const channel of this.byTopic.get(from.topic) ?? []) {
      if (channel === from && !from.broadcastSelf) continue;
      if (channel.outlet.vsn === '2.0.0') {
        channel.outlet.sendBinary(encodeUserBroadcast(channel.topic, broadcast));
      } else if (!broadcast.binary) {
        // vsn 1.0.0 cannot carry binary payloads (Realtime drops them too).
        const payload = { type: 'broadcast', event: broadcast.event, payload: broadcast.payload };
        channel.outlet.send({ joinRef: null, ref: null, topic: channel.topic, event: 'broadcast', payload });
      }
    }
  }

  /** Send `presence_state` to a channel that has not had it since it joined. */
  syncPresence(channel: Channel): void {
    if (channel.presenceSynced) return;
    channel.presenceSynced = true;
    const state: Record<string, { metas: Array<Record<string, unknown>> }> = {};
    for (const entry of this.presence.get(channel.topic)?.values() ?? []) {
      (state[entry.key] ??= { metas: [] }).metas.push(entry.meta);
    }
    channel.outlet.send({ joinRef: channel.joinRef, ref: null, topic: channel.topic, event: 'presence_state', payload: state });
  }

  track(channel: Channel, payload: Record<string, unknown>): void {
    let members = this.presence.get(channel.topic);
    if (!members) this.presence.set(channel.topic, (members = new Map()));
    const previous = members.get(channel);
    const entry: PresenceEntry = { key: channel.presenceKey, meta: { ...payload, phx_ref: this.nextRef() } };
    members.set(channel, entry);
    this.sendDiff(channel.topic, [entry], previous ? [previous] : []);
  }

  untrack(channel: Channel): void {
    const members = this.presence.get(channel.topic);
    const previous = members?.get(channel);
    if (!members || !previous) return;
    members.delete(channel);
    if (members.size === 0) this.presence.delete(channel.topic);
    this.sendDiff(channel.topic, [], [previous]);
  }

  private sendDiff(topic: string, joins: PresenceEntry[], leaves: PresenceEntry[]): void {
    const group = (entries: PresenceEntry[]) => {
      const out: Record<string, { metas: Array<Record<string, unknown>> }> = {};
      for (const entry of entries) (out[entry.key] ??= { metas: [] }).metas.push(entry.meta);
      return out;
    };
    const payload = { joins: group(joins), leaves: group(leaves) };
    for (const channel of this.byTopic.get(topic) ?? []) {
      if (!channel.presenceEnabled) continue;
      this.syncPresence(channel);
      channel.outlet.send({ joinRef: null, ref: null, topic, event: 'presence_diff', payload });
    }
  }

  private nextRef(): string {
    this.presenceRef += 1;
    return `F${this.presenceRef.toString(36)}`;
  }
}
