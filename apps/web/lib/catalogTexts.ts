import type { LocalizedText } from '@plankit/checkout';

/**
 * The demo plans' texts, in English (the catalog's default locale) and in German, French,
 * Spanish, Japanese and Arabic. The other shipped languages show the English text
 * (`planTexts` falls back to it); a language some plans lack would be reported by
 * `parseCatalog` when the server starts.
 */
interface DemoPlanTexts {
  name: LocalizedText;
  description: LocalizedText;
  features: Record<string, string[]>;
  highlight?: LocalizedText;
}

export const demoPlanTexts: Record<'starter' | 'pro' | 'team' | 'free', DemoPlanTexts> = {
  starter: {
    name: {
      en: 'Starter',
      de: 'Einsteiger',
      fr: 'Débutant',
      es: 'Inicial',
      ja: 'スターター',
      ar: 'المبتدئ',
    },
    description: {
      en: 'For individuals getting their first project off the ground.',
      de: 'Für alle, die ihr erstes Projekt an den Start bringen.',
      fr: 'Pour lancer votre premier projet, seul.',
      es: 'Para quien pone en marcha su primer proyecto.',
      ja: '最初のプロジェクトを始める個人の方に。',
      ar: 'للأفراد الذين يطلقون مشروعهم الأول.',
    },
    features: {
      en: ['1 project', 'Community support', 'Basic analytics'],
      de: ['1 Projekt', 'Support durch die Community', 'Grundlegende Analysen'],
      fr: ['1 projet', 'Assistance de la communauté', 'Statistiques de base'],
      es: ['1 proyecto', 'Soporte de la comunidad', 'Analíticas básicas'],
      ja: ['プロジェクト 1 件', 'コミュニティによるサポート', '基本的な分析'],
      ar: ['مشروع واحد', 'دعم من المجتمع', 'تحليلات أساسية'],
    },
  },
  pro: {
    name: 'Pro',
    description: {
      en: 'For professionals who need more room and better insight.',
      de: 'Für Profis, die mehr Raum und bessere Einblicke brauchen.',
      fr: 'Pour les professionnels qui ont besoin de plus d’espace et de meilleures analyses.',
      es: 'Para profesionales que necesitan más espacio y mejor información.',
      ja: 'より多くの余裕と深い分析が必要なプロの方に。',
      ar: 'للمحترفين الذين يحتاجون إلى مساحة أكبر ورؤية أوضح.',
    },
    features: {
      en: ['Unlimited projects', 'Priority email support', 'Advanced analytics', 'Custom domains'],
      de: [
        'Unbegrenzte Projekte',
        'Bevorzugter E-Mail-Support',
        'Erweiterte Analysen',
        'Eigene Domains',
      ],
      fr: [
        'Projets illimités',
        'Assistance prioritaire par e-mail',
        'Statistiques avancées',
        'Domaines personnalisés',
      ],
      es: [
        'Proyectos ilimitados',
        'Soporte prioritario por correo',
        'Analíticas avanzadas',
        'Dominios propios',
      ],
      ja: ['プロジェクト無制限', 'メールでの優先サポート', '高度な分析', '独自ドメイン'],
      ar: ['مشاريع غير محدودة', 'دعم ذو أولوية عبر البريد', 'تحليلات متقدمة', 'نطاقات مخصصة'],
    },
    highlight: {
      en: 'Most popular',
      de: 'Am beliebtesten',
      fr: 'Le plus choisi',
      es: 'El más popular',
      ja: '一番人気',
      ar: 'الأكثر رواجًا',
    },
  },
  team: {
    name: { en: 'Team', de: 'Team', fr: 'Équipe', es: 'Equipo', ja: 'チーム', ar: 'الفريق' },
    description: {
      en: 'For teams that build together. Priced per seat.',
      de: 'Für Teams, die gemeinsam bauen. Preis pro Platz.',
      fr: 'Pour les équipes qui construisent ensemble. Prix par siège.',
      es: 'Para equipos que construyen juntos. Precio por puesto.',
      ja: '一緒に作るチームに。席ごとの料金です。',
      ar: 'للفرق التي تبني معًا. السعر لكل مقعد.',
    },
    features: {
      en: ['Everything in Pro', 'Shared workspaces', 'Roles and permissions', 'SSO'],
      de: ['Alles aus Pro', 'Gemeinsame Arbeitsbereiche', 'Rollen und Rechte', 'SSO'],
      fr: ['Tout Pro', 'Espaces de travail partagés', 'Rôles et autorisations', 'SSO'],
      es: ['Todo lo de Pro', 'Espacios de trabajo compartidos', 'Roles y permisos', 'SSO'],
      ja: ['Pro のすべて', '共有ワークスペース', 'ロールと権限', 'SSO'],
      ar: ['كل ما في Pro', 'مساحات عمل مشتركة', 'الأدوار والصلاحيات', 'تسجيل دخول موحد'],
    },
  },
  free: {
    name: { en: 'Free', de: 'Kostenlos', fr: 'Gratuit', es: 'Gratis', ja: '無料', ar: 'مجاني' },
    description: {
      en: 'Try the basics, no card needed.',
      de: 'Die Grundlagen ausprobieren, ohne Karte.',
      fr: 'Essayez l’essentiel, sans carte.',
      es: 'Prueba lo básico, sin tarjeta.',
      ja: '基本機能をお試しください。カードは不要です。',
      ar: 'جرّب الأساسيات دون بطاقة.',
    },
    features: {
      en: ['1 project', 'Up to 100 visitors a month'],
      de: ['1 Projekt', 'Bis zu 100 Besucher im Monat'],
      fr: ['1 projet', 'Jusqu’à 100 visiteurs par mois'],
      es: ['1 proyecto', 'Hasta 100 visitantes al mes'],
      ja: ['プロジェクト 1 件', '月 100 人までの訪問者'],
      ar: ['مشروع واحد', 'حتى 100 زائر شهريًا'],
    },
  },
};
