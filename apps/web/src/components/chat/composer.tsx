import { CHAT_MESSAGE_MAX } from '@parley/shared/domain';
import { SendHorizontal } from 'lucide-react';
import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** How often "typing" is told to the other side while someone keeps typing. */
const TYPING_EVERY_MS = 3_000;

/**
 * The message box: Enter sends, Shift+Enter starts a new line. The text is trimmed and
 * an empty one is not sent; while a message is on its way the box is read-only (it keeps
 * the focus, so typing goes on after it) and the button disabled.
 * The box empties as the message goes; `onSend` resolves false when it failed, and its
 * text then comes back.
 */
export function Composer({
  label,
  placeholder,
  sendLabel,
  sending,
  onSend,
  onTyping,
  value,
  onChange,
  tools,
  className,
  autoFocus = false,
  inputRef,
}: {
  label: string;
  placeholder: string;
  sendLabel: string;
  sending: boolean;
  onSend: (text: string) => Promise<boolean>;
  onTyping?: () => void;
  /** Controlled text (for canned replies); uncontrolled when left out. */
  value?: string;
  onChange?: (text: string) => void;
  tools?: ReactNode;
  className?: string;
  /** Takes the focus when it appears (the chat window opening). */
  autoFocus?: boolean;
  /** The text box, for whoever puts text in it (a canned reply) and focuses it. */
  inputRef?: RefObject<HTMLTextAreaElement | null>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [own, setOwn] = useState('');
  const text = value ?? own;
  const setText = onChange ?? setOwn;
  const lastTyping = useRef(0);
  const ownBox = useRef<HTMLTextAreaElement>(null);
  const box = inputRef ?? ownBox;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when it appears
  useEffect(() => {
    if (autoFocus) box.current?.focus();
  }, []);
  const left = CHAT_MESSAGE_MAX - text.trim().length;

  // What the box holds now, for the moment a send comes back.
  const current = useRef(text);
  current.current = text;

  const submit = async () => {
    const typed = text;
    const message = typed.trim();
    if (!message || sending || left < 0) return;
    // Cleared at once: whatever is typed after this is the next message, and a send that
    // comes back later must not wipe it. A failed send puts its text back into an empty box.
    setText('');
    if (!(await onSend(message)) && !current.current) setText(typed);
    box.current?.focus();
  };

  return (
    <form
      className={cn('border-t p-2', className)}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="flex items-end gap-2">
        <textarea
          ref={box}
          id={id}
          rows={2}
          value={text}
          readOnly={sending}
          aria-busy={sending}
          placeholder={placeholder}
          aria-describedby={left < 200 ? `${id}-left` : undefined}
          className="min-h-10 flex-1 resize-none rounded-md border bg-background px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring read-only:opacity-70"
          onChange={(e) => {
            setText(e.target.value);
            const now = Date.now();
            if (onTyping && e.target.value.trim() && now - lastTyping.current > TYPING_EVERY_MS) {
              lastTyping.current = now;
              onTyping();
            }
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              void submit();
            }
          }}
        />
        <Button
          type="submit"
          size="icon"
          disabled={sending || !text.trim() || left < 0}
          aria-label={sendLabel}
          title={sendLabel}
        >
          <SendHorizontal aria-hidden="true" className="rtl:-scale-x-100" />
        </Button>
      </div>
      <div className="mt-1 flex items-center justify-between gap-2">
        {tools ?? <span />}
        {left < 200 && (
          <p
            id={`${id}-left`}
            className={cn('text-xs', left < 0 ? 'text-destructive' : 'text-muted-foreground')}
          >
            {left < 0
              ? t('chat.charactersOver', { count: -left })
              : t('chat.charactersLeft', { count: left })}
          </p>
        )}
      </div>
    </form>
  );
}
