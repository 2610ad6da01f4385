import { Globe2, Headphones, Lock, Zap } from 'lucide-react';
import { useTranslation } from 'react-i18next';

const POINTS = [
  { key: 'global', icon: Globe2 },
  { key: 'crypto', icon: Lock },
  { key: 'instant', icon: Zap },
  { key: 'support', icon: Headphones },
] as const;

export function AboutSection() {
  const { t } = useTranslation();
  return (
    <section id="about" aria-labelledby="about-title" className="scroll-mt-20 bg-muted/60">
      <div className="mx-auto max-w-7xl px-4 py-16">
        <h2 id="about-title" className="text-3xl font-bold">
          {t('landing.about.title')}
        </h2>
        <p className="mt-4 max-w-3xl text-lg text-muted-foreground">{t('landing.about.text')}</p>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {POINTS.map(({ key, icon: Icon }) => (
            <li key={key} className="rounded-lg bg-background p-6 shadow-sm">
              <Icon aria-hidden="true" className="size-8 text-primary" />
              <h3 className="mt-4 font-semibold">{t(`landing.about.points.${key}.title`)}</h3>
              <p className="mt-2 text-sm text-muted-foreground">
                {t(`landing.about.points.${key}.text`)}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
