/**
 * The simulated laboratory information system behind its MLLP port: validates every
 * ORM^O01 as a receiving engine does and answers in original mode — AR when the message
 * itself is unacceptable (type, version, processing ID), AE when its content is wrong
 * (required segments or fields, unknown test codes, a cancel of an unknown order), AA when
 * the order is taken — remembers every control ID and answers a repeat with its first ACK
 * marked as a duplicate, and after a delay reports results for the accepted tests to the
 * configured destination. Every message, answer and delivery is kept for the HTTP view.
 */
import { buildAck, markDuplicate, type AckCode } from '../../functions/_shared/hl7/ack.ts';
import { Hl7Error, type ErrorCode } from '../../functions/_shared/hl7/errors.ts';
import { parseMessage, SUPPORTED_VERSIONS, type ParsedMessage } from '../../functions/_shared/hl7/message.ts';
import { readOrm, type ReceivedOrder } from '../../functions/_shared/hl7/orm-parse.ts';
import type { MllpReply } from '../mllp/listener.ts';
import { catalogFor, type LabTest } from './catalog.ts';
import { deliver, type DeliveryOptions, type LisDestination } from './delivery.ts';
import { LisFaults } from './faults.ts';
import { resultsFor, type Outcome } from './results.ts';


export interface LisSettings {
  /** MSH-3/4 of the laboratory's messages. */
  application: string;
  facility: string;
  /** Order codes accepted; null = the built-in demo set (catalog.ts). */
  testCodes: string[] | null;
  resultDelayMs: number;
  destination: LisDestination;
  outcome: Outcome;
  includeReport: boolean;
  delivery: DeliveryOptions;
}

export interface ReceivedMessage {
  receivedAt: string;
  controlId: string | null;
  messageType: string | null;
  placerOrderNumber: string | null;
  testCodes: string[];
  ackCode: AckCode | null;
  ackText: string | null;
  duplicate: boolean;
  fault: string | null;
  text: string;
}

export type ResultStatus = 'scheduled' | 'held' | 'delivering' | 'delivered' | 'failed' | 'withdrawn';

export interface SentResult {
  controlId: string;
  placerOrderNumber: string;
  orderControlId: string;
  dueAt: string;
  status: ResultStatus;
  destination: string | null;
  attempts: number;
  ackCode: string | null;
  error: string | null;
  deliveredAt: string | null;
  text: string;
}

interface OrderState {
  order: ReceivedOrder;
  result: SentResult | null;
  cancelled: boolean;
}

class Refusal extends Error {
  constructor(
    readonly code: 'AE' | 'AR',
    message: string,
    readonly condition: ErrorCode,
    readonly location: string | null = null,
  ) {
    super(message);
  }
}

export class LisEngine {
  readonly faults = new LisFaults();
  private readonly messages: ReceivedMessage[] = [];
  private readonly answered = new Map<string, string>();
  private readonly orders = new Map<string, OrderState>();
  private readonly results: SentResult[] = [];
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  /** Per-requisition overrides of destination and outcome, for tests sharing a stack. */
  private readonly routes = new Map<string, { destination?: LisDestination; outcome?: Outcome }>();
  private catalog: Map<string, LabTest>;
  private sequence = 0;
  private closed = false;

  constructor(
    readonly settings: LisSettings,
    private readonly log: (line: string) => void = () => {},
  ) {
    this.catalog = catalogFor(settings.testCodes);
  }

  configure(changes: Partial<Omit<LisSettings, 'application' | 'facility'>>, requisition: string | null = null): void {
    if (requisition) {
      const route = this.routes.get(requisition) ?? {};
      if ('destination' in changes) route.destination = changes.destination ?? null;
      if (changes.outcome) route.outcome = changes.outcome;
      this.routes.set(requisition, route);
      return;
    }
    Object.assign(this.settings, changes);
    if ('testCodes' in changes) this.catalog = catalogFor(this.settings.testCodes);
  }

  acceptedCodes(): string[] {
    return [...this.catalog.keys()];
  }

  receivedMessages(requisition: string | null = null): ReceivedMessage[] {
    return this.messages.filter((m) => !requisition || m.placerOrderNumber === requisition).reverse();
  }

  sentResults(requisition: string | null = null): SentResult[] {
    return this.results.filter((r) => !requisition || r.placerOrderNumber === requisition).reverse();
  }

  /** What the MLLP listener answers to one message. */
  async handle(text: string): Promise<MllpReply> {
    const entry: ReceivedMessage = { receivedAt: new Date().toISOString(), controlId: null, messageType: null, placerOrderNumber: null, testCodes: [], ackCode: null, ackText: null, duplicate: false, fault: null, text };
    this.messages.push(entry);
    let order: ReceivedOrder | null = null;
    let header: ParsedMessage | null = null;
    try {
      header = parseMessage(text);
      entry.controlId = header.controlId;
      entry.messageType = `${header.messageCode}^${header.triggerEvent}`;
      order = readOrm(header);
      entry.placerOrderNumber = order.tests[0]?.placerOrderNumber ?? null;
      entry.testCodes = order.tests.map((t) => t.code);
    } catch {
      // Judged below; the placer number may stay unknown.
    }

    const fault = this.faults.take(entry.placerOrderNumber);
    if (fault?.kind === 'drop') {
      entry.fault = 'drop';
      this.log(`lis: dropped the connection on ${entry.controlId ?? 'a message'} (fault)`);
      return { drop: true };
    }
    if (!text.startsWith('MSH')) {
      entry.fault = 'unreadable';
      return { drop: true };
    }

    const controlId = entry.controlId;
    const first = controlId ? this.answered.get(controlId) : undefined;
    if (first) {
      const again = markDuplicate(first);
      Object.assign(entry, { duplicate: true, ...this.ackSummary(again) });
      this.log(`lis: ${controlId} is a duplicate; first answer repeated`);
      return this.reply(again, fault);
    }

    let ack: string;
    if (fault?.kind === 'ae') {
      entry.fault = 'ae';
      ack = buildAck(text, 'AE', fault.text, { errorCode: '207' });
    } else {
      ack = this.judge(text, header, order);
    }
    if (controlId) this.answered.set(controlId, ack);
    Object.assign(entry, this.ackSummary(ack));
    this.log(`lis: ${controlId ?? '?'} answered ${entry.ackCode}${entry.ackText ? ` (${entry.ackText})` : ''}`);
    return this.reply(ack, fault);
  }

  private reply(ack: string, fault: ReturnType<LisFaults['take']>): MllpReply {
    if (fault?.kind === 'lose-ack') {
      const last = this.messages[this.messages.length - 1];
      if (last) last.fault = 'lose-ack';
      return { none: true };
    }
    if (fault?.kind === 'delay-ack') {
      const last = this.messages[this.messages.length - 1];
      if (last) last.fault = 'delay-ack';
      return { ack, delayMs: fault.delayMs ?? 0 };
    }
    return { ack };
  }

  private ackSummary(ack: string): Pick<ReceivedMessage, 'ackCode' | 'ackText'> {
    const msa = ack.split('\r').find((line) => line.startsWith('MSA|'))?.split('|') ?? [];
    return { ackCode: (msa[1] as AckCode | undefined) ?? null, ackText: msa[3] ?? null };
  }

  /** The first answer to a message seen for the first time. */
  private judge(text: string, parsed: ParsedMessage | null, order: ReceivedOrder | null): string {
    try {
      const header = parsed ?? parseMessage(text);
      if (header.messageCode !== 'ORM') throw new Refusal('AR', `Message type ${header.messageCode} is not accepted on this interface (ORM only)`, '200', 'MSH-9');
      if (header.triggerEvent !== 'O01') throw new Refusal('AR', `Event ${header.triggerEvent || '(none)'} is not accepted (O01 only)`, '201', 'MSH-9');
      if (!['P', 'T'].includes(header.processingId)) throw new Refusal('AR', `Processing ID "${header.processingId}" is not accepted (P or T)`, '202', 'MSH-11');
      if (!SUPPORTED_VERSIONS.includes(header.version)) throw new Refusal('AR', `HL7 version ${header.version} is not supported`, '203', 'MSH-12');
      const received = order ?? readOrm(header);
      const unknown = received.tests.findIndex((t) => !this.catalog.has(t.code));
      if (unknown !== -1) {
        throw new Refusal('AE', `Unknown test code ${received.tests[unknown]!.code}`, '103', `OBR[${unknown + 1}]-4`);
      }
      const message = this.take(received);
      return buildAck(text, 'AA', message);
    } catch (error) {
      if (error instanceof Refusal) return buildAck(text, error.code, error.message, { errorCode: error.condition, errorLocation: error.location });
      if (error instanceof Hl7Error) return buildAck(text, 'AE', error.message, { errorCode: error.condition, errorLocation: error.location });
      throw error;
    }
  }

  /** Takes an order (or its cancellation); returns the AA text. */
  private take(order: ReceivedOrder): string {
    const placer = order.tests[0]?.placerOrderNumber ?? '';
    const known = this.orders.get(placer);
    if (order.tests.every((t) => t.orderControl === 'CA')) {
      if (!known || known.cancelled) throw new Refusal('AE', `Order ${placer} is not known to the laboratory`, '204', 'ORC[1]-2');
      if (known.result && ['delivering', 'delivered'].includes(known.result.status)) {
        throw new Refusal('AE', `Order ${placer} is already resulted and cannot be cancelled`, '206', 'ORC[1]-1');
      }
      const cancelled = new Set(order.tests.map((t) => t.code));
      known.order = { ...known.order, tests: known.order.tests.filter((t) => !cancelled.has(t.code)) };
      if (known.order.tests.length === 0) {
        known.cancelled = true;
        if (known.result) known.result.status = 'withdrawn';
        return `Order ${placer} cancelled`;
      }
      this.schedule(placer, known);
      return `Tests ${[...cancelled].join(', ')} of order ${placer} cancelled`;
    }
    const state: OrderState = { order, result: known?.result ?? null, cancelled: false };
    if (state.result && state.result.status === 'scheduled') state.result.status = 'withdrawn';
    this.orders.set(placer, state);
    this.schedule(placer, state);
    return known ? `Order ${placer} replaced` : `Order ${placer} received`;
  }

  private schedule(placer: string, state: OrderState): void {
    if (this.closed) return;
    if (state.result?.status === 'scheduled') state.result.status = 'withdrawn';
    this.sequence += 1;
    const now = new Date();
    const accession = `A${now.toISOString().slice(2, 10).replace(/-/g, '')}${String(this.sequence).padStart(4, '0')}`;
    const route = this.routes.get(placer);
    const order = state.order;
    const options = {
      catalog: this.catalog,
      outcome: route?.outcome ?? this.settings.outcome,
      controlId: `LIS${accession.slice(1)}`,
      accession,
      application: this.settings.application,
      facility: this.settings.facility,
      now: new Date(now.getTime() + this.settings.resultDelayMs),
      includeReport: this.settings.includeReport,
    };
    // Written when first needed (sent or looked at), from what was decided now: a laboratory
    // taking orders at a burst does not write every report before answering the next order.
    let text: string | null = null;
    const result: SentResult = {
      controlId: `LIS${accession.slice(1)}`,
      placerOrderNumber: placer,
      orderControlId: state.order.controlId,
      dueAt: new Date(now.getTime() + this.settings.resultDelayMs).toISOString(),
      status: 'scheduled',
      destination: null,
      attempts: 0,
      ackCode: null,
      error: null,
      deliveredAt: null,
      get text() {
        text ??= resultsFor(order, options);
        return text;
      },
    };
    state.result = result;
    this.results.push(result);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.send(result);
    }, this.settings.resultDelayMs);
    this.timers.add(timer);
  }

  /** Sends now every result that is due later (or that failed), optionally of one requisition. */
  async flush(requisition: string | null = null): Promise<SentResult[]> {
    const pending = this.results.filter((r) => (!requisition || r.placerOrderNumber === requisition) && (r.status === 'scheduled' || r.status === 'failed' || r.status === 'held'));
    await Promise.all(pending.map((r) => this.send(r)));
    return pending;
  }

  private async send(result: SentResult): Promise<void> {
    if (this.closed || !['scheduled', 'failed', 'held'].includes(result.status)) return;
    const route = this.routes.get(result.placerOrderNumber);
    const destination = route && 'destination' in route ? (route.destination ?? null) : this.settings.destination;
    if (!destination) {
      result.status = 'held';
      return;
    }
    result.status = 'delivering';
    result.destination = destination.kind === 'mllp' ? `mllp://${destination.host}:${destination.port}` : destination.url;
    const outcome = await deliver(destination, result.text, this.settings.delivery);
    result.attempts += outcome.attempts;
    result.ackCode = outcome.ackCode;
    result.error = outcome.error;
    result.status = outcome.ok ? 'delivered' : 'failed';
    if (outcome.ok) result.deliveredAt = new Date().toISOString();
    this.log(`lis: results ${result.controlId} for ${result.placerOrderNumber} ${result.status}${outcome.error ? `: ${outcome.error}` : ''}`);
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
