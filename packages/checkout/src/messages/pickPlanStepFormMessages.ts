import { enPlanStep } from './compiled/enPlanStep.js';
import type {
  PlanStepFormMessageKey,
  PlanStepFormMessages,
  PlanStepMessages,
} from './planStepFormMessages.js';

/** The plan step's keys it renders itself, on the server: the form never reads them. */
const PLAN_STEP_ONLY: ReadonlySet<string> = new Set<
  Exclude<keyof PlanStepMessages, PlanStepFormMessageKey>
>([
  'planTrialBadge',
  'planFeaturesHeading',
  'planYearlySaving',
  'planPerSeat',
  'finishBackToPlans',
]);

/**
 * Picks the plan-step form's text out of a full message set. The keys are read off the
 * English default (`compiled/enPlanStep.ts`, the plan step's keys), not off the key lists
 * in planStepFormMessages.ts: those stay out of the browser bundle (issue 13, the 12 kB
 * budget), and planStepFormMessages.test.ts holds the two equal.
 */
export function pickPlanStepFormMessages(messages: PlanStepFormMessages): PlanStepFormMessages {
  const picked: Record<string, unknown> = {};
  for (const key of Object.keys(enPlanStep)) {
    if (!PLAN_STEP_ONLY.has(key)) picked[key] = messages[key as keyof PlanStepFormMessages];
  }
  return picked as PlanStepFormMessages;
}
