/**
 * One Realtime WebSocket: the Phoenix channel protocol as Supabase Realtime answers it —
 * heartbeats, joins (token check, bindings echoed with ids, then the "Subscribed to
 * PostgreSQL" system message), leaves, access token refreshes (a bad or expired token
 * shuts the channel down with a system error and `phx_close`), broadcasts and presence.
 * Messages of one socket are handled strictly in order.
 */
import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import type { Channel, ChannelHub, ChannelOutlet } from './channel-hub.ts';
import { decodeFrame, encodeText, isRecord, reply, type PhoenixMessage, type Vsn } from './frames.ts';
import type { TableInfo } from './change-triggers.ts';
import { parseBindings } from './postgres-bindings.ts';
import { checkRealtimeToken, msUntilExpiry } from './tokens.ts';

/** Re-check a token at most this far ahead (setTimeout cannot wait longer than ~24 days). */
const MAX_CONFIRM_MS = 60 * 60 * 1000;

export class SocketSession implements ChannelOutlet {
  private readonly channels = new Map<string, Channel>();
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly ws: WebSocket,
    readonly vsn: Vsn,
    /** The socket's apikey: the token of a join that sends no access_token. */
    private readonly apiKey: string,
    private readonly hub: ChannelHub,
    private readonly tables: Map<string, TableInfo>,
    private readonly log: (line: string) => void,
  ) {
    ws.on('message', (data, isBinary) => {
      const buffer = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
      const message = decodeFrame(buffer, isBinary, vsn);
      if (!message) return;
      this.queue = this.queue
        .then(() => this.handle(message))
        .catch((error: unknown) => this.log(`realtime: ${message.event} on ${message.topic} failed: ${String(error)}`));
    });
    ws.on('close', () => this.closeAll());
  }

  send(message: PhoenixMessage): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(encodeText(message, this.vsn));
  }

  sendBinary(frame: Buffer): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(frame, { binary: true });
  }

  closeAll(): void {
    for (const channel of this.channels.values()) this.hub.remove(channel);
    this.channels.clear();
  }

  private async handle(message: PhoenixMessage): Promise<void> {
    if (message.topic === 'phoenix' && message.event === 'heartbeat') return this.send(reply(message, 'ok'));
    if (message.event === 'phx_join') return this.join(message);
    const channel = this.channels.get(message.topic);
    if (!channel) {
      return this.send(reply(message, 'error', { reason: 'unmatched topic' }));
    }
    switch (message.event) {
      case 'phx_leave':
        this.drop(channel);
        return this.send(reply(message, 'ok'));
      case 'access_token':
        return this.refreshToken(channel, message.payload);
      case 'broadcast':
        return this.broadcast(channel, message);
      case 'presence':
        return this.presence(channel, message);
      default:
        // Realtime ignores events it does not know.
        return;
    }
  }

  private async join(message: PhoenixMessage): Promise<void> {
    const payload = isRecord(message.payload) ? message.payload : {};
    const config = isRecord(payload.config) ? payload.config : {};
    const broadcast = isRecord(config.broadcast) ? config.broadcast : {};
    const presence = isRecord(config.presence) ? config.presence : {};
    const subTopic = message.topic.replace(/^realtime:/, '');
    if (!message.topic.startsWith('realtime:') || subTopic === '') {
      return this.send(reply(message, 'error', { reason: 'TopicNameRequired: You must provide a topic name' }));
    }
    const token = typeof payload.access_token === 'string' && !payload.access_token.startsWith('sb_')
      ? payload.access_token
      : this.apiKey;
    const checked = await checkRealtimeToken(token);
    if (!checked.ok) return this.send(reply(message, 'error', { reason: `${checked.code}: ${checked.message}` }));
    if (config.private === true && checked.claims.role !== 'service_role') {
      // Private channels are authorised by RLS on realtime.messages, which this stack does not have.
      const reason = `Unauthorized: You do not have permissions to read from this Channel topic: ${subTopic}`;
      return this.send(reply(message, 'error', { reason }));
    }

    // A second join of the same topic replaces the first, as Phoenix does.
    const previous = this.channels.get(message.topic);
    if (previous) this.close(previous);

    const { bindings, errors } = parseBindings(config.postgres_changes, this.tables);
    const channel: Channel = {
      topic: message.topic,
      subTopic,
      joinRef: message.joinRef ?? message.ref,
      outlet: this,
      claims: checked.claims,
      accessToken: token,
      bindings,
      broadcastSelf: broadcast.self === true,
      broadcastAck: broadcast.ack === true,
      presenceKey: typeof presence.key === 'string' && presence.key !== '' ? presence.key : randomUUID(),
      presenceEnabled: presence.enabled === true,
      presenceSynced: false,
      expiryTimer: null,
    };
    this.channels.set(channel.topic, channel);
    this.hub.add(channel);
    this.armExpiry(channel);
    const echoed = bindings.map((binding) => ({ ...binding.params, id: binding.id }));
    this.send(reply(message, 'ok', { postgres_changes: echoed }));
    if (channel.presenceEnabled) this.hub.syncPresence(channel);
    if (bindings.length > 0) {
      const failed = errors.length > 0;
      this.system(channel, 'postgres_changes', failed ? 'error' : 'ok', failed ? errors.join('; ') : 'Subscribed to PostgreSQL');
    }
  }

  private async refreshToken(channel: Channel, payload: unknown): Promise<void> {
    const token = isRecord(payload) ? payload.access_token : undefined;
    if (typeof token !== 'string' || token.startsWith('sb_') || token === channel.accessToken) return;
    const checked = await checkRealtimeToken(token);
    if (!checked.ok) return this.shutdown(channel, checked.message);
    channel.claims = checked.claims;
    channel.accessToken = token;
    this.armExpiry(channel);
  }

  private broadcast(channel: Channel, message: PhoenixMessage): void {
    const payload = isRecord(message.payload) ? message.payload : {};
    if (typeof payload.event === 'string') {
      const binary = payload.payload instanceof Uint8Array ? payload.payload : null;
      const meta = isRecord(payload.meta) ? payload.meta : undefined;
      this.hub.broadcast(channel, { event: payload.event, payload: binary ? null : payload.payload, binary, ...(meta ? { meta } : {}) });
    }
    if (channel.broadcastAck) this.send(reply(message, 'ok'));
  }

  private presence(channel: Channel, message: PhoenixMessage): void {
    const payload = isRecord(message.payload) ? message.payload : {};
    if (payload.event === 'track') {
      if (!isRecord(payload.payload)) {
        return this.send(reply(message, 'error', { reason: 'Presence track payload must be a map' }));
      }
      // Tracking turns presence on for this channel (Realtime does the same).
      if (!channel.presenceEnabled) channel.presenceEnabled = true;
      this.hub.syncPresence(channel);
      this.hub.track(channel, payload.payload);
    } else if (payload.event === 'untrack') {
      this.hub.untrack(channel);
    }
    this.send(reply(message, 'ok'));
  }

  /** Re-check the token when it expires; an expired token shuts the channel down. */
  private armExpiry(channel: Channel): void {
    if (channel.expiryTimer) clearTimeout(channel.expiryTimer);
    const wait = Math.max(0, Math.min(msUntilExpiry(channel.claims), MAX_CONFIRM_MS));
    channel.expiryTimer = setTimeout(() => {
      channel.expiryTimer = null;
      this.queue = this.queue.then(async () => {
        if (this.channels.get(channel.topic) !== channel) return;
        const checked = await checkRealtimeToken(channel.accessToken);
        if (checked.ok) this.armExpiry(channel);
        else this.shutdown(channel, checked.message);
      });
    }, wait + 50);
    channel.expiryTimer.unref();
  }

  /** Realtime's shutdown_response: a system error, then the channel closes. */
  private shutdown(channel: Channel, message: string): void {
    this.system(channel, 'system', 'error', message);
    this.close(channel);
  }

  private close(channel: Channel): void {
    this.drop(channel);
    this.send({ joinRef: channel.joinRef, ref: channel.joinRef, topic: channel.topic, event: 'phx_close', payload: {} });
  }

  private drop(channel: Channel): void {
    this.hub.remove(channel);
    if (this.channels.get(channel.topic) === channel) this.channels.delete(channel.topic);
  }

  private system(channel: Channel, extension: string, status: 'ok' | 'error', message: string): void {
    const payload = { extension, status, message, channel: channel.subTopic };
    this.send({ joinRef: channel.joinRef, ref: null, topic: channel.topic, event: 'system', payload });
  }
}
