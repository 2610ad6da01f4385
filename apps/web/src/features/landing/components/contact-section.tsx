import { Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '@/components/ui/button';
import { getPublicConfig } from '@/lib/public-config';
import { SIGNUP_URL } from '@/lib/routes';

export function ContactSection() {
  const { t } = useTranslation();
  const { salesEmail, supportEmail } = getPublicConfig();
  const boxes = [
    { key: 'sales', email: salesEmail },
    { key: 'support', email: supportEmail },
  ];
  return (
    <section
      id="contact"
      aria-labelledby="contact-title"
      className="mx-auto max-w-7xl scroll-mt-20 px-4 py-16"
    >
      <h2 id="contact-title" className="text-3xl font-bold">
        {t('landing.contact.title')}
      </h2>
      <p className="mt-2 text-muted-foreground">{t('landing.contact.subtitle')}</p>
      <div className="mt-8 grid gap-6 md:grid-cols-2">
        {boxes.map(({ key, email }) => (
          <div key={key} className="rounded-lg border p-6">
            <h3 className="flex items-center gap-2 font-semibold">
              <Mail aria-hidden="true" className="size-5 text-primary" />
              {t(`landing.contact.${key}.title`)}
            </h3>
            <p className="mt-2 text-sm text-muted-foreground">{t(`landing.contact.${key}.text`)}</p>
            <a
              href={`mailto:${email}`}
              className="mt-3 inline-block font-medium text-primary underline-offset-4 hover:underline"
            >
              {email}
            </a>
          </div>
        ))}
      </div>
      <div className="mt-10 rounded-lg bg-slate-900 p-8 text-center text-white">
        <p className="text-xl font-semibold">{t('landing.contact.ctaTitle')}</p>
        <a href={SIGNUP_URL} className={`${buttonVariants({ size: 'lg' })} mt-4`}>
          {t('landing.contact.cta')}
        </a>
      </div>
    </section>
  );
}
