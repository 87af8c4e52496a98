import { ChangePlan, messagesFor, type PlanChangeChoices } from '../index.js';
import { confirmPlanChange, undoPlanChange } from './actions.js';
import { getEngine } from './engineHolder.js';
import type { PlankitRuntime } from './runtime.js';

type Query = Record<string, string | string[] | undefined>;

/**
 * The manage page's "change plan" (issue 22.1): with `?plan=&interval=&seats=` (the GET of
 * its form, or a redirect back after a declined card or a stale preview) it asks the engine
 * for the preview; `?changed=` says what the last confirmation did.
 */
export async function PlanChangeSection({
  runtime,
  token,
  choices,
  pageHref,
  query,
  locale,
}: {
  runtime: PlankitRuntime;
  token: string;
  choices: PlanChangeChoices;
  pageHref: string;
  query: Query;
  locale: string;
}) {
  const preview =
    typeof query.plan === 'string'
      ? await (await getEngine(runtime)).previewPlanChange(token, query, { locale })
      : null;
  const changed = query.changed;
  const notice =
    query.change === 'declined'
      ? 'declined'
      : changed === 'applied' || changed === 'scheduled' || changed === 'undone'
        ? changed
        : null;
  return (
    <ChangePlan
      choices={choices}
      pageHref={pageHref}
      preview={
        preview?.status === 'preview' && query.change === 'stale'
          ? { ...preview, stale: true }
          : preview
      }
      notice={notice}
      confirmAction={confirmPlanChange.bind(null, token)}
      undoAction={undoPlanChange.bind(null, token)}
      messages={messagesFor(locale)}
      locale={locale}
    />
  );
}
