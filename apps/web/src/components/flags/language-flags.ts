// The ten language flags only: the picker is on the landing page, so it must not carry
// the URL list of every country's flag (country-flag.tsx has that, for lazy pages).
import cn from 'flag-icons/flags/4x3/cn.svg?url&no-inline';
import de from 'flag-icons/flags/4x3/de.svg?url&no-inline';
import es from 'flag-icons/flags/4x3/es.svg?url&no-inline';
import fr from 'flag-icons/flags/4x3/fr.svg?url&no-inline';
import gb from 'flag-icons/flags/4x3/gb.svg?url&no-inline';
import it from 'flag-icons/flags/4x3/it.svg?url&no-inline';
import jp from 'flag-icons/flags/4x3/jp.svg?url&no-inline';
import pt from 'flag-icons/flags/4x3/pt.svg?url&no-inline';
import ru from 'flag-icons/flags/4x3/ru.svg?url&no-inline';
import sa from 'flag-icons/flags/4x3/sa.svg?url&no-inline';

export const LANGUAGE_FLAGS: Record<string, string> = { cn, de, es, fr, gb, it, jp, pt, ru, sa };
