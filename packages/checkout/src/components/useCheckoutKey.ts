import { type Dispatch, useEffect } from 'react';
import {
  readCheckoutKey,
  rememberCheckoutKey,
  sessionStorageOrNull,
} from './checkoutKeyStorage.js';
import type { PlanStepFormAction } from './planStepFormReducer.js';

/**
 * Gives the form its idempotency key once it hydrates, and keeps the current key in the
 * tab's storage. The key is minted in the browser, so the prerendered page stays the same
 * for every visitor (without JavaScript the server derives one). A key this tab stored
 * for the plan minutes ago comes first: the form was remounted (the host's error boundary
 * showed a thrown Server Action and the visitor pressed "Try again"), and a new key would
 * open a new session and could charge twice (see checkoutKeyStorage.ts).
 */
export function useCheckoutKey(
  planId: string,
  idempotencyKey: string,
  dispatch: Dispatch<PlanStepFormAction>,
): void {
  useEffect(() => {
    const stored = readCheckoutKey(sessionStorageOrNull(), planId, Date.now());
    dispatch({ type: 'key', key: stored ?? globalThis.crypto.randomUUID() });
  }, [planId, dispatch]);

  useEffect(() => {
    if (idempotencyKey) {
      rememberCheckoutKey(sessionStorageOrNull(), planId, idempotencyKey, Date.now());
    }
  }, [planId, idempotencyKey]);
}
