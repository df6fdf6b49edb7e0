import { describe, expect, it } from 'vitest';
import { whereWorkContinues } from './entry-next-step.ts';
import type { EntryStep } from './order-draft.ts';

const problems = (...steps: EntryStep[]) => steps.map((step) => ({ step, message: `${step} is missing` }));

describe('where the work of an order continues', () => {
  it('opens at the first step that stops the order', () => {
    expect(whereWorkContinues(problems('organization', 'provider', 'patient', 'billing', 'tests'), null)).toBe('organization');
    // Organization and provider chosen by default: the patient.
    expect(whereWorkContinues(problems('patient', 'billing', 'tests'), null)).toBe('patient');
  });

  it('goes from a choice to the next step that still stops the order, passing over the steps done', () => {
    expect(whereWorkContinues(problems('provider', 'patient', 'billing', 'tests'), 'organization')).toBe('provider');
    expect(whereWorkContinues(problems('patient', 'billing', 'tests'), 'provider')).toBe('patient');
    // Who pays came with the patient: the tests.
    expect(whereWorkContinues(problems('tests'), 'patient')).toBe('tests');
    expect(whereWorkContinues(problems('questions', 'diagnoses'), 'tests')).toBe('questions');
  });

  it('orders the problems by step, whatever order they are listed in', () => {
    expect(whereWorkContinues(problems('collection', 'review', 'diagnoses'), 'tests')).toBe('diagnoses');
    expect(whereWorkContinues(problems('review', 'collection'), 'diagnoses')).toBe('collection');
  });

  it('goes to Submit when nothing stops the order, and back to what is missing when only earlier steps are', () => {
    expect(whereWorkContinues([], 'diagnoses')).toBe('submit');
    expect(whereWorkContinues([], null)).toBe('submit');
    expect(whereWorkContinues(problems('billing'), 'diagnoses')).toBe('billing');
    expect(whereWorkContinues(problems('review'), 'review')).toBe('review');
  });
});
