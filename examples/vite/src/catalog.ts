import { parseCatalog } from '@plankit/checkout';

/** Notizwerk's plans: the example's own catalog, in euros and Swiss francs. */
export const catalog = parseCatalog({
  defaultCurrency: 'EUR',
  plans: [
    {
      id: 'basis',
      name: 'Basis',
      description: 'Für alle, die ihre Notizen an einem Ort wollen.',
      features: ['Unbegrenzte Notizen', 'Synchronisation auf 3 Geräten'],
      prices: { monthly: { EUR: 900, CHF: 950 }, yearly: { EUR: 9000, CHF: 9500 } },
      tax: 'inclusive',
    },
    {
      id: 'profi',
      name: 'Profi',
      description: 'Für Vielschreiber: alles aus Basis, dazu Volltextsuche und Versionen.',
      features: ['Alles aus Basis', 'Volltextsuche', 'Versionsverlauf'],
      prices: { monthly: { EUR: 1900, CHF: 2000 }, yearly: { EUR: 19000, CHF: 20000 } },
      trialDays: 30,
      tax: 'inclusive',
      highlight: 'Beliebt',
    },
    {
      id: 'team',
      name: 'Team',
      description: 'Gemeinsame Notizbücher für Teams. Preis pro Platz.',
      features: ['Alles aus Profi', 'Geteilte Notizbücher', 'Rollen und Rechte'],
      prices: { monthly: { EUR: 1200, CHF: 1300 } },
      seats: { min: 2, max: 25, default: 3 },
      tax: 'exclusive',
    },
  ],
  promoCodes: [{ code: 'HALLO10', percentOff: 10 }],
  countries: [
    { code: 'DE', name: 'Deutschland', taxRateBasisPoints: 1900 },
    { code: 'AT', name: 'Österreich', taxRateBasisPoints: 2000 },
    { code: 'CH', name: 'Schweiz', taxRateBasisPoints: 810 },
  ],
});
