import { type RenderOptions, type RenderResult, render } from '@testing-library/react';
import { type UserEvent, userEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';

/** What {@link renderWithUser} returns: Testing Library's result plus a user-event session. */
export type RenderWithUserResult = RenderResult & { user: UserEvent };

/**
 * Renders a component for a test together with a user-event session set up before the
 * render (as user-event recommends), so a test types and clicks like a visitor.
 * The components need no context providers, so this is the one place to add them if
 * they ever do.
 */
export function renderWithUser(ui: ReactElement, options?: RenderOptions): RenderWithUserResult {
  const user = userEvent.setup();
  return { user, ...render(ui, options) };
}
