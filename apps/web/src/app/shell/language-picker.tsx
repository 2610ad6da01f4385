import { LANGUAGES } from '@parley/shared/domain';
import { Check, Languages } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FlagImage } from '@/components/flags/flag-image';
import { LANGUAGE_FLAGS } from '@/components/flags/language-flags';
import { Button } from '@/components/ui/button';
import { setLanguage } from '@/lib/i18n';
import { cn } from '@/lib/utils';

/**
 * The flag menu, for visitors and signed-in users alike. A small hand-made menu button
 * (WAI-ARIA menu pattern): the component library's dropdown would add ~30 KB to the
 * landing page. `align` is the side of the button the menu lines up with ('start' where
 * the button sits at the start of a narrow panel such as the drawer); `showName` writes
 * the current language's name next to its flag.
 */
export function LanguagePicker({
  align = 'end',
  showName = false,
}: {
  align?: 'start' | 'end';
  showName?: boolean;
} = {}) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const rootRef = useRef<HTMLDivElement>(null);
  const currentIndex = Math.max(
    0,
    LANGUAGES.findIndex((l) => l.code === i18n.language),
  );
  const current = LANGUAGES[currentIndex] ?? LANGUAGES[0];

  useEffect(() => {
    if (!open) return;
    itemRefs.current[currentIndex]?.focus();
    const onPointer = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open, currentIndex]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const onMenuKey = (e: KeyboardEvent) => {
    const items = itemRefs.current;
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    const move = (i: number) => items[(i + items.length) % items.length]?.focus();
    if (e.key === 'ArrowDown') move(at + 1);
    else if (e.key === 'ArrowUp') move(at - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(items.length - 1);
    else if (e.key === 'Escape') close();
    else if (e.key === 'Tab') setOpen(false);
    else return;
    if (e.key !== 'Tab') e.preventDefault();
  };

  return (
    <div ref={rootRef} className="relative">
      <Button
        ref={buttonRef}
        variant="ghost"
        size="sm"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('language.choose', { current: current.name })}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        <FlagImage src={LANGUAGE_FLAGS[current.flag]} eager />
        {showName && (
          <span aria-hidden="true" lang={current.code}>
            {current.name}
          </span>
        )}
        <Languages aria-hidden="true" className="hidden sm:block" />
      </Button>
      {failed && (
        <p
          role="status"
          className={cn(
            'absolute top-full z-50 mt-2 w-56 rounded-md border bg-popover p-2 text-xs shadow-md',
            align === 'end' ? 'end-0' : 'start-0',
          )}
        >
          {t('language.loadFailed')}
        </p>
      )}
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={t('language.menu')}
          tabIndex={-1}
          onKeyDown={onMenuKey}
          className={cn(
            'absolute top-full z-50 mt-2 w-48 rounded-md border bg-popover p-1 shadow-md',
            align === 'end' ? 'end-0' : 'start-0',
          )}
        >
          {LANGUAGES.map((lang, i) => (
            <button
              key={lang.code}
              ref={(el) => {
                itemRefs.current[i] = el;
              }}
              type="button"
              role="menuitemradio"
              aria-checked={lang.code === current.code}
              lang={lang.code}
              dir={lang.dir}
              tabIndex={-1}
              className="flex w-full items-center gap-2 rounded-sm px-2 py-1.5 text-start text-sm outline-none hover:bg-accent focus:bg-accent"
              onClick={() => {
                close();
                void setLanguage(lang.code).then((ok) => setFailed(!ok));
              }}
            >
              <FlagImage src={LANGUAGE_FLAGS[lang.flag]} />
              <span className="flex-1">{lang.name}</span>
              {lang.code === current.code && <Check aria-hidden="true" className="size-4" />}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
