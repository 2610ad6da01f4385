import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { FormField } from '@/components/form-field';
import { Input } from '@/components/ui/input';
import { useDebounced } from '@/lib/use-debounced';

/**
 * A search field that reports what was typed once typing pauses (300 ms), trimmed.
 * Control characters cannot be typed into a one-line field, and the server refuses them.
 */
export function SearchBox({
  id,
  label,
  hint,
  onSearch,
}: {
  id: string;
  label: string;
  hint?: string;
  onSearch: (q: string) => void;
}) {
  const [text, setText] = useState('');
  const settled = useDebounced(text.trim(), 300);
  useEffect(() => onSearch(settled), [settled, onSearch]);
  return (
    <FormField
      id={id}
      label={label}
      description={hint}
      className="flex min-w-0 flex-1 flex-col gap-1"
    >
      {(control) => (
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute start-3 top-3 size-4 text-muted-foreground"
          />
          <Input
            {...control}
            type="search"
            className="ps-9"
            maxLength={254}
            autoComplete="off"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
      )}
    </FormField>
  );
}
