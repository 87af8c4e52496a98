import {
  CheckoutFallback,
  CheckoutNotFound,
  FinishStep,
  type FinishView,
  findPlan,
  PlanList,
  PlanStep,
  type PlanStepAction,
} from '@plankit/checkout';
import { type ReactNode, useState, useSyncExternalStore } from 'react';
import { CheckoutBoundary } from './CheckoutBoundary';
import { catalog } from './catalog';
import { handleCheckout } from './checkoutHandler';
import { DemoCardFields } from './DemoCardFields';
import { de } from './messages.de';

const LOCALE = 'de-DE';

/** The current hash route: `#/`, `#/plan/basis`, `#/finish`, `#/fallback`, `#/broken`. */
function useHashRoute(): string {
  return useSyncExternalStore(
    (onChange) => {
      window.addEventListener('hashchange', onChange);
      return () => window.removeEventListener('hashchange', onChange);
    },
    () => window.location.hash.replace(/^#/, '') || '/',
  );
}

const go = (path: string) => {
  window.location.hash = path;
};

/** Throws while rendering, to show the error component. */
function Broken(): never {
  throw Object.assign(new Error('internal detail the visitor must not see'), { digest: 'NW-4711' });
}

export function App() {
  const route = useHashRoute();
  const [finish, setFinish] = useState<FinishView>({ status: 'not_found' });

  // The plan step's action: the example's own handler, then the finish step.
  const submit: PlanStepAction = async (state, form) => {
    const result = handleCheckout(catalog, form);
    if (result.kind === 'state') return result.state;
    setFinish(result.view);
    go('/finish');
    return state;
  };

  let page: ReactNode;
  const planId = /^\/plan\/([^/]+)$/.exec(route)?.[1];
  if (route === '/') {
    page = (
      <PlanList catalog={catalog} planHref={(id) => `#/plan/${id}`} messages={de} locale={LOCALE} />
    );
  } else if (planId !== undefined) {
    const plan = findPlan(catalog, planId);
    page =
      plan && !plan.retired ? (
        <PlanStep
          key={plan.id}
          catalog={catalog}
          plan={plan}
          action={submit}
          plansHref="#/"
          messages={de}
          locale={LOCALE}
          payment={<DemoCardFields />}
        />
      ) : (
        <CheckoutNotFound plansHref="#/" messages={de} />
      );
  } else if (route === '/finish') {
    page = <FinishStep view={finish} plansHref="#/" messages={de} locale={LOCALE} />;
  } else if (route === '/fallback') {
    page = <CheckoutFallback plansHref="#/" messages={de} supportEmail="hilfe@notizwerk.example" />;
  } else if (route === '/broken') {
    page = <Broken />;
  } else {
    page = <CheckoutNotFound plansHref="#/" messages={de} />;
  }

  return (
    <>
      <header className="site-header">
        <a href="#/" className="site-brand">
          Notizwerk
        </a>
        <nav aria-label="Beispielseiten">
          <a href="#/fallback">Fallback</a> <a href="#/broken">Fehlerseite</a>
        </nav>
      </header>
      <main>
        <CheckoutBoundary key={route} onReset={() => go('/')}>
          {page}
        </CheckoutBoundary>
      </main>
    </>
  );
}
