/**
 * One client's random work in the soak, from a seeded RNG: creates and edits across
 * providers, memberships, preferences and delegate approvals (recorded in the model as they
 * succeed), with the network going offline and online and the page "reloading" at random.
 */
import { randomUUID } from 'node:crypto';
import { newLocalDoc } from '../../../src/db/mapping/row-mapping.ts';
import type { SoakClient } from './soak-client.ts';
import { SoakModel, type EditableTable } from './soak-model.ts';
import type { Doc } from './soak-protocol.ts';

export interface OpsContext {
  model: SoakModel;
  tag: string;
  organizationIds: readonly string[];
  userIds: readonly string[];
  counters: { offlineToggles: number; reloads: number; skippedEdits: number };
  maxReloadsPerClient: number;
  pauseMs: number;
}

const REPORT_FORMATS = ['summary', 'comprehensive', 'summary_plus', 'comprehensive_plus'];
const APPROVAL_TYPES = ['order', 'results', 'both'];
const EDIT_WEIGHTS: Array<[EditableTable, number]> = [
  ['providers', 0.4],
  ['provider_organization_memberships', 0.15],
  ['provider_preferences', 0.25],
  ['provider_delegate_approvals', 0.2],
];

export class ClientOps {
  private seq = 0;
  private reloads = 0;

  constructor(
    private readonly ctx: OpsContext,
    private readonly client: SoakClient,
    private readonly random: () => number,
  ) {}

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)] as T;
  }

  private value(field: string): unknown {
    const c = this.client.index;
    const n = ++this.seq;
    switch (field) {
      case 'phone':
        return `518${c}${String(n).padStart(6, '0')}`;
      case 'email':
        return `c${c}.${n}@soak.test`;
      case 'favorite_reports':
        return [`report-${c}-${n}`];
      case 'report_format':
        return this.pick(REPORT_FORMATS);
      case 'approval_type':
        return this.pick(APPROVAL_TYPES);
      case 'in_app_notifications':
      case 'is_active':
      case 'can_view_vip_patients':
        return this.random() < 0.5;
      default:
        return `${field}-${c}-${n}`;
    }
  }

  /** Run until `quota` creates and edits succeeded. */
  async run(quota: number): Promise<void> {
    let done = 0;
    let online = true;
    while (done < quota) {
      const roll = this.random();
      if (roll < 0.04) {
        online = !online;
        this.ctx.counters.offlineToggles += 1;
        await this.client.setOnline(online);
        continue;
      }
      // At random, and once at half the quota at the latest (short runs reload too).
      const reloadDue = this.reloads === 0 && done >= quota / 2;
      if ((roll < 0.05 || reloadDue) && this.reloads < this.ctx.maxReloadsPerClient) {
        this.reloads += 1;
        this.ctx.counters.reloads += 1;
        await this.client.reload();
        continue;
      }
      const made = this.random() < 0.3 ? await this.create() : await this.edit();
      if (made) done += 1;
      await new Promise((resolve) => setTimeout(resolve, this.random() * this.ctx.pauseMs));
    }
    if (!online) await this.client.setOnline(true);
  }

  private async insert(table: EditableTable, doc: Doc, providerId: string): Promise<boolean> {
    await this.client.insert(table, doc);
    this.ctx.model.record(table, String(doc.id), this.client.index, providerId, doc);
    return true;
  }

  private async create(): Promise<boolean> {
    const { model } = this.ctx;
    const own = model.providersOf(this.client.index);
    if (own.length < 2 || this.random() < 0.25) return this.createProvider();
    const provider = this.pick(own);
    const options: Array<() => Promise<boolean>> = [];
    for (const organizationId of this.ctx.organizationIds) {
      const key = `m:${provider.id}:${organizationId}`;
      if (!model.childKeys.has(key)) {
        options.push(() => {
          model.childKeys.add(key);
          const doc = newLocalDoc('provider_organization_memberships', { id: randomUUID(), provider_id: provider.id, organization_id: organizationId });
          return this.insert('provider_organization_memberships', doc as unknown as Doc, provider.id);
        });
      }
    }
    if (!model.childKeys.has(`p:${provider.id}`)) {
      options.push(() => {
        model.childKeys.add(`p:${provider.id}`);
        const doc = newLocalDoc('provider_preferences', {
          id: randomUUID(),
          provider_id: provider.id,
          fax_number: this.value('fax_number') as string,
          favorite_reports: this.value('favorite_reports') as string[],
          report_format: this.value('report_format') as string,
          in_app_notifications: this.value('in_app_notifications') as boolean,
        });
        return this.insert('provider_preferences', doc as unknown as Doc, provider.id);
      });
    }
    for (const delegateId of this.ctx.userIds) {
      const key = `d:${provider.id}:${delegateId}`;
      if (!model.childKeys.has(key)) {
        options.push(() => {
          model.childKeys.add(key);
          const doc = newLocalDoc('provider_delegate_approvals', {
            id: randomUUID(),
            provider_id: provider.id,
            delegate_id: delegateId,
            approval_type: this.value('approval_type') as string,
            can_view_vip_patients: this.value('can_view_vip_patients') as boolean,
          });
          return this.insert('provider_delegate_approvals', doc as unknown as Doc, provider.id);
        });
      }
    }
    return options.length > 0 ? this.pick(options)() : this.createProvider();
  }

  private createProvider(): Promise<boolean> {
    const id = randomUUID();
    const doc = newLocalDoc('providers', {
      id,
      first_name: `Soak ${this.client.index}-${++this.seq}`,
      last_name: this.ctx.tag,
      phone: this.value('phone') as string,
      email: this.value('email') as string,
      nickname: this.value('nickname') as string,
      credential: this.value('credential') as string,
    });
    return this.insert('providers', doc as unknown as Doc, id);
  }

  private async edit(): Promise<boolean> {
    let roll = this.random();
    let table: EditableTable = 'providers';
    for (const [candidate, weight] of EDIT_WEIGHTS) {
      table = candidate;
      if ((roll -= weight) < 0) break;
    }
    const rows = this.ctx.model.rowsOf(table);
    if (rows.length === 0) return this.create();
    const row = this.pick(rows);
    const fields = SoakModel.fieldsFor(table, this.client.index);
    const chosen = this.random() < 0.3 ? fields : [this.pick(fields)];
    const patch: Doc = {};
    for (const field of chosen) patch[field] = this.value(field);
    if (!(await this.client.patch(table, row.id, patch))) {
      this.ctx.counters.skippedEdits += 1;
      return false;
    }
    this.ctx.model.edit(row.id, this.client.index, patch);
    return true;
  }
}
