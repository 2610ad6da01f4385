import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Time left on a quote as m:ss; calls onExpire once when it runs out. */
export function Countdown({ until, onExpire }: { until: string; onExpire: () => void }) {
  const { t } = useTranslation();
  const end = new Date(until).getTime();
  const [left, setLeft] = useState(() => Math.max(0, end - Date.now()));
  useEffect(() => {
    const timer = setInterval(() => {
      const rest = Math.max(0, end - Date.now());
      setLeft(rest);
      if (rest === 0) {
        clearInterval(timer);
        onExpire();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [end, onExpire]);
  const seconds = Math.ceil(left / 1000);
  const text = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  return (
    <p className="text-sm text-muted-foreground">
      {t('payment.lockedFor')} <time dir="ltr">{text}</time>
    </p>
  );
}
