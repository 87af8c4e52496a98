import * as React from 'react';

/** A form action in the shape of React 19's `useActionState`. */
export type FormStateAction<State> = (state: State, formData: FormData) => Promise<State>;

/**
 * React 18.3 has no `useActionState`. This stand-in keeps the same contract for forms
 * submitted from JavaScript (the plan step always submits through `onSubmit`): the
 * previous state goes in, the next comes out, `pending` is true meanwhile. What React 18
 * cannot do is post a function-valued `action` without JavaScript; hosts on React 19
 * (every Next.js App Router app) keep that.
 */
function useActionStateFallback<State>(
  action: FormStateAction<State>,
  initialState: State,
): [State, (formData: FormData) => void, boolean] {
  const [state, setState] = React.useState(initialState);
  const [pending, setPending] = React.useState(false);
  const [, setFailure] = React.useState<unknown>(null);
  const latest = React.useRef(initialState);
  const dispatch = React.useCallback(
    (formData: FormData) => {
      setPending(true);
      action(latest.current, formData).then(
        (next) => {
          latest.current = next;
          setState(next);
          setPending(false);
        },
        (error: unknown) => {
          setPending(false);
          // Rethrown during render, so the nearest error boundary shows it, as in React 19.
          setFailure(() => {
            throw error;
          });
        },
      );
    },
    [action],
  );
  return [state, dispatch, pending];
}

// Chosen once per runtime, so every render calls the same hooks in the same order.
const native = (React as { useActionState?: unknown }).useActionState;

/** Whether React can take a function as a form's `action` (React 19 and later). */
export const supportsFormActions = typeof native === 'function';

/** `useActionState` on React 19, a JavaScript-only stand-in on React 18.3. */
export const useFormActionState: <State>(
  action: FormStateAction<State>,
  initialState: State,
) => [State, (formData: FormData) => void, boolean] =
  typeof native === 'function' ? (native as typeof useActionStateFallback) : useActionStateFallback;
