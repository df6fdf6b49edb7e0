/**
 * Order entry at the keyboard (issue 46): the defaults a new order starts with (model/
 * entry-defaults.ts) and the focus that goes where the work continues (model/entry-next-step.ts).
 *
 * - When the page opens, the focus goes to the first step still missing something (the
 *   patient's search when the organization and provider came by default), unless the user
 *   has put it somewhere already.
 * - Enter in a step's field (a select, a text field, an empty search field) goes on to the
 *   next step that stops the order, or to Submit; Tab still walks every control.
 * - A choice of organization, provider or payer made by pointer (or in the select's opened
 *   list) goes on the same way; a choice still being made with the arrow keys or by typing
 *   in the closed select does not move the focus (Enter does, when the user is done).
 * - The entry page also calls `moveOn` after a patient is picked, and `focusStep` when a
 *   control that had the focus goes away ("Change patient").
 */
import { useEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import type { OrganizationDoc, ProviderDoc } from '../../../db/index.ts';
import type { Live } from '../../../lib/local-data/use-live-query.ts';
import { defaultOrganizationId, defaultProviderId, type ChosenByDefault, type PastOrder } from '../model/entry-defaults.ts';
import { whereWorkContinues, type EntryTarget } from '../model/entry-next-step.ts';
import { ENTRY_STEPS, type EntryStep, type OrderDraft } from '../model/order-draft.ts';

export const SUBMIT_BUTTON_ID = 'order-entry-submit';

/** Steps of one choice: choosing in their select goes on at once. */
const ONE_CHOICE_STEPS = new Set<EntryStep>(['organization', 'provider', 'billing']);
const NOT_MOVING_INPUTS = new Set(['checkbox', 'radio', 'file', 'button', 'submit', 'reset']);

function stepOf(element: Element): EntryStep | null {
  const id = element.closest('section[id^="step-"]')?.id.slice('step-'.length);
  return ENTRY_STEPS.find((step) => step === id) ?? null;
}

const visible = (element: HTMLElement) => element.getClientRects().length > 0;

/** A step's first field (a form field before a button or link), or the Submit button. */
function targetElement(target: EntryTarget): HTMLElement | null {
  if (target === 'submit') return document.getElementById(SUBMIT_BUTTON_ID);
  const section = document.getElementById(`step-${target}`);
  if (!section) return null;
  const fields = [...section.querySelectorAll<HTMLElement>('input:not([type="hidden"]):not(:disabled), select:not(:disabled), textarea:not(:disabled)')];
  const controls = [...section.querySelectorAll<HTMLElement>('button:not(:disabled), a[href]')];
  return [...fields, ...controls].find(visible) ?? null;
}

/** Nobody has put the focus anywhere yet: the document, or the page's heading (where a move between pages leaves it). */
function focusIsFree(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || active.tagName === 'H1';
}

interface EntryFlowInput {
  draft: OrderDraft;
  update: (patch: Partial<OrderDraft>) => void;
  organizations: Live<OrganizationDoc[]>;
  providers: Live<ProviderDoc[]>;
  /** The orders on the device (null while they are read). */
  orders: readonly PastOrder[] | null;
  userId: string | null;
  problems: ReadonlyArray<{ step: EntryStep }>;
}

export function useEntryFlow({ draft, update, organizations, providers, orders, userId, problems }: EntryFlowInput) {
  // `after`: the step just left (null: the page opened); `step`: that step itself. `undefined`: nothing to move.
  const [pending, setPending] = useState<{ after: EntryStep | null } | { step: EntryStep } | undefined>({ after: null });
  const [organizationDefaulted, setOrganizationDefaulted] = useState(false);
  // The organization whose provider default was applied (the user may clear it after).
  const [providerDefaultedFor, setProviderDefaultedFor] = useState<string | null>(null);
  const [defaulted, setDefaulted] = useState<ChosenByDefault>({ organizationId: null, providerId: null });
  const keying = useRef(false);

  useEffect(() => {
    if (organizationDefaulted || organizations.status === 'loading' || orders === null) return;
    if (draft.organizationId === null && organizations.status === 'ready') {
      const id = defaultOrganizationId(organizations.value, orders, userId);
      if (id) {
        update({ organizationId: id, providerId: null });
        setDefaulted({ organizationId: id, providerId: null });
      }
    }
    setOrganizationDefaulted(true);
  }, [organizationDefaulted, organizations, orders, userId, draft.organizationId, update]);

  const organizationId = draft.organizationId;
  useEffect(() => {
    if (!organizationId || providers.status === 'loading' || orders === null || providerDefaultedFor === organizationId) return;
    if (draft.providerId === null && providers.status === 'ready') {
      const id = defaultProviderId(providers.value, orders, userId, organizationId);
      if (id) {
        update({ providerId: id });
        setDefaulted((current) => ({ ...current, providerId: id }));
      }
    }
    setProviderDefaultedFor(organizationId);
  }, [organizationId, providers, orders, userId, providerDefaultedFor, draft.providerId, update]);

  // The defaults are in before the focus says where the work continues.
  const settled = organizationDefaulted && (organizationId === null || providerDefaultedFor === organizationId);
  useEffect(() => {
    if (!pending || !settled) return;
    setPending(undefined);
    if ('step' in pending) return void targetElement(pending.step)?.focus();
    if (pending.after === null && !focusIsFree()) return;
    targetElement(whereWorkContinues(problems, pending.after))?.focus();
  }, [pending, settled, problems]);

  const moveOn = (after: EntryStep) => setPending({ after });
  /** Back to a step's first field (its control was just taken away, e.g. "Change patient"). */
  const focusStep = (step: EntryStep) => setPending({ step });

  /** The form's handlers (on the element around the steps): Enter goes on; a one-choice step's choice goes on. */
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const element = event.target as HTMLElement;
    if (event.key !== 'Enter') {
      // A closed select changes its value on arrow keys and typed letters: that choice is still being made.
      if (element instanceof HTMLSelectElement) {
        keying.current = true;
        setTimeout(() => (keying.current = false), 0);
      }
      return;
    }
    if (event.isDefaultPrevented() || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
    const field = element instanceof HTMLSelectElement || (element instanceof HTMLInputElement && !NOT_MOVING_INPUTS.has(element.type));
    const step = field ? stepOf(element) : null;
    if (!step) return;
    event.preventDefault();
    moveOn(step);
  };
  const onChange = (event: ChangeEvent<HTMLElement>) => {
    const element = event.target;
    if (!(element instanceof HTMLSelectElement) || keying.current) return;
    const step = stepOf(element);
    if (step && ONE_CHOICE_STEPS.has(step) && element.value !== '') moveOn(step);
  };
  /** A new, empty order (the draft was discarded): its defaults and first step again. */
  const restart = () => {
    setOrganizationDefaulted(false);
    setProviderDefaultedFor(null);
    setDefaulted({ organizationId: null, providerId: null });
    setPending({ after: null });
  };
  return { defaulted, moveOn, focusStep, restart, formProps: { onKeyDown, onChange } };
}
