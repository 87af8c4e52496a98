import { ChangePlan, messagesFor, type PlanChangeChoices } from '@plankit/checkout';
import { confirmPlanChange, undoPlanChange } from './actions';
import { getEngine } from './engine';

type Query = Record<string, string | string[] | undefined>;

/**
 * The manage page's "change plan" (issue 22.1): with `?plan=&interval=&seats=` (the GET of
 * its form, or a redirect back after a declined card or a stale preview) it asks the engine
 * for the preview; `?changed=` says what the last confirmation did.
 */
export async function PlanChangeSection({
  token,
  choices,
  pageHref,
  query,
  locale,
}: {
  token: string;
  choices: PlanChangeChoices;
  pageHref: string;
  query: Query;
  locale: string;
}) {
  const preview =
    typeof query.plan === 'string'
      ? await (await getEngine()).previewPlanChange(token, query, { locale })
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
