import { makeCatalog } from '../test-utils/factories.js';
import { isKnownLanguageTag } from './localizedText.js';
import { CatalogError, parseCatalog } from './parseCatalog.js';
import { planTexts } from './planTexts.js';

/** The factory catalog with the `team` plan's texts given per language. */
function catalogWith(team: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const base = makeCatalog();
  return {
    ...base,
    ...extra,
    plans: base.plans.map((plan) => (plan.id === 'team' ? { ...plan, ...team } : plan)),
  };
}

const teamTexts = {
  name: { en: 'Team', de: 'Team', ja: 'チーム' },
  description: { en: 'For teams.', de: 'Für Teams.', ja: 'チーム向け。' },
  features: { en: ['SSO', 'Roles'], de: ['SSO', 'Rollen'], ja: ['SSO', 'ロール'] },
  highlight: { en: 'Best value', de: 'Bester Preis', ja: 'お得' },
};

describe('plan texts per language', () => {
  it('a plan named per language reads in the page’s language, falling back field by field', () => {
    const team = parseCatalog(catalogWith(teamTexts)).plans.find((p) => p.id === 'team');
    if (!team) throw new Error('no team plan');
    expect(planTexts(team, 'ja')).toEqual({
      name: 'チーム',
      description: 'チーム向け。',
      features: ['SSO', 'ロール'],
      highlight: 'お得',
    });
    // A regional tag finds its language; an unknown language the default one.
    expect(planTexts(team, 'de-AT').description).toBe('Für Teams.');
    expect(planTexts(team, 'it').name).toBe('Team');
    expect(planTexts(team, 'it').features).toEqual(['SSO', 'Roles']);
    expect(planTexts(team, null).highlight).toBe('Best value');
    expect(planTexts(team, 'not a tag').name).toBe('Team');
  });

  it('a plain string is every language’s text', () => {
    const starter = parseCatalog(makeCatalog()).plans.find((p) => p.id === 'starter');
    if (!starter) throw new Error('no starter plan');
    expect(planTexts(starter, 'ar').name).toBe(planTexts(starter, 'en').name);
  });

  it('the catalog’s default locale is the fallback and must be among each text’s languages', () => {
    const german = parseCatalog(
      catalogWith(
        { name: { de: 'Mannschaft', en: 'Team' }, description: { de: 'Für Teams.' } },
        { defaultLocale: 'de' },
      ),
    );
    const team = german.plans.find((p) => p.id === 'team');
    if (!team) throw new Error('no team plan');
    expect(team.defaultLocale).toBe('de');
    expect(planTexts(team, 'fr')).toMatchObject({ name: 'Mannschaft', description: 'Für Teams.' });
    expect(() => parseCatalog(catalogWith({ name: { de: 'Mannschaft' } }))).toThrow(
      /plan "team": name: has no text in the catalog's default locale en/,
    );
  });

  it('refuses a language that is not a known language tag, naming it', () => {
    let error: unknown;
    try {
      parseCatalog(catalogWith({ name: { en: 'Team', english: 'Team', xx: 'Team' } }));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(CatalogError);
    const issues = (error as CatalogError).issues.join('\n');
    expect(issues).toContain('"english" is not a known language tag');
    expect(issues).toContain('"xx" is not a known language tag');
    expect(isKnownLanguageTag('pt-BR')).toBe(true);
    expect(isKnownLanguageTag('zh-Hant-TW')).toBe(true);
  });

  it('reports a language some plans have texts in and others lack, listing what is missing', () => {
    const warnings: string[] = [];
    parseCatalog(catalogWith(teamTexts), { onWarning: (message) => warnings.push(message) });
    // `team` is translated to de and ja; the other plans have one text for all languages,
    // which is fine. Within team, nothing lacks.
    expect(warnings).toEqual([]);
    parseCatalog(
      catalogWith({ ...teamTexts, highlight: { en: 'Best value', de: 'Bester Preis' } }),
      {
        onWarning: (message) => warnings.push(message),
      },
    );
    expect(warnings).toEqual([
      'locale ja: no text for plan "team" (highlight); the en text is shown',
    ]);
  });
});
