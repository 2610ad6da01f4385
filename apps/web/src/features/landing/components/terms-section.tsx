import { useTranslation } from 'react-i18next';

const SECTIONS = ['usage', 'payment', 'privacy', 'availability'] as const;

export function TermsSection() {
  const { t } = useTranslation();
  return (
    <section id="terms" aria-labelledby="terms-title" className="scroll-mt-20 bg-muted/60">
      <div className="mx-auto max-w-4xl px-4 py-16">
        <h2 id="terms-title" className="text-3xl font-bold">
          {t('landing.terms.title')}
        </h2>
        <div className="mt-8 space-y-8">
          {SECTIONS.map((key, i) => (
            <article key={key}>
              <h3 className="text-lg font-semibold">
                {i + 1}. {t(`landing.terms.${key}.title`)}
              </h3>
              <p className="mt-2 text-muted-foreground">{t(`landing.terms.${key}.text`)}</p>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
