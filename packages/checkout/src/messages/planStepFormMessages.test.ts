import { enPlanStep } from './compiled/enPlanStep.js';
import { defaultCompiledMessages as defaultMessages } from './messages.js';
import { pickPlanStepFormMessages } from './pickPlanStepFormMessages.js';
import { PLAN_STEP_FORM_MESSAGE_KEYS, PLAN_STEP_MESSAGE_KEYS } from './planStepFormMessages.js';

describe('the text the plan-step form takes into the browser', () => {
  it('carries every form key with the host’s overrides', () => {
    const picked = pickPlanStepFormMessages({ ...defaultMessages, emailLabel: 'E-Mail' });
    expect(Object.keys(picked).sort()).toEqual([...PLAN_STEP_FORM_MESSAGE_KEYS].sort());
    expect(picked.emailLabel).toBe('E-Mail');
  });

  it('leaves the finish, receipt and error-page text on the server', () => {
    const picked: Record<string, unknown> = pickPlanStepFormMessages(defaultMessages);
    for (const key of ['finishPaidTitle', 'receiptReference', 'errorTitle', 'authApprove']) {
      expect(picked[key]).toBeUndefined();
    }
  });

  it('includes every error message a field or a failed payment can show', () => {
    const errorKeys = Object.keys(defaultMessages).filter(
      (key) =>
        key.startsWith('error') &&
        !['errorTitle', 'errorLead', 'errorDigest', 'errorRetry', 'errorHome'].includes(key),
    );
    expect(PLAN_STEP_FORM_MESSAGE_KEYS).toEqual(expect.arrayContaining(errorKeys));
  });
});

describe('the plan step’s own English default', () => {
  it('is the English messages of the plan step’s keys, as compiled (pnpm messages:compile)', () => {
    expect(Object.keys(enPlanStep).sort()).toEqual([...PLAN_STEP_MESSAGE_KEYS].sort());
    for (const key of PLAN_STEP_MESSAGE_KEYS) {
      expect(enPlanStep[key], key).toEqual(defaultMessages[key]);
    }
  });
});
