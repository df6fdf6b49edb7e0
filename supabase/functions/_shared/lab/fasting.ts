// Whether the patient was fasting is one fact of the order (the `fasting` column), asked once
// at entry, printed once on the requisition and sent once to the laboratory (an OBX coded
// LOINC 49541-6 "Fasting status - Reported"). A compendium test that needs it asks the
// FASTING question; its answer is that same fact, never a second one beside it. Orders
// entered before it was one fact may carry a FASTING answer: read it as the fact.

/** LOINC "Fasting status - Reported", the code laboratories take for fasting. */
export const FASTING_LOINC = '49541-6';
/** The compendium's code of the question "Is the patient fasting?". */
export const FASTING_QUESTION = 'FASTING';

export function isFastingQuestion(code: string): boolean {
  return code === FASTING_QUESTION || code === FASTING_LOINC;
}

interface AnswerLike {
  question: string;
  value: string;
}

function yesNo(value: string): boolean | null {
  const text = value.trim().toLowerCase();
  if (['y', 'yes', 'true', 'fasting'].includes(text)) return true;
  if (['n', 'no', 'false', 'not fasting'].includes(text)) return false;
  return null;
}

/** The order's fasting fact: the column, else a FASTING answer of an older order; null when not stated. */
export function orderFasting(order: { fasting?: boolean | null; answers?: readonly AnswerLike[] | null }): boolean | null {
  if (typeof order.fasting === 'boolean') return order.fasting;
  const answer = (order.answers ?? []).find((item) => isFastingQuestion(item.question) && yesNo(item.value) !== null);
  return answer ? yesNo(answer.value) : null;
}

/** The answers without the fasting question's (the fact travels once, on its own). */
export function withoutFastingAnswers<T extends AnswerLike>(answers: readonly T[]): T[] {
  return answers.filter((answer) => !isFastingQuestion(answer.question));
}
